package ignoredirective_test

import (
	"slices"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/ignoredirective"
	"github.com/retrylint/retrylint/analyzers/internal/testutil"
)

func TestIgnoreDirective(t *testing.T) {
	testutil.Run(t, ignoredirective.Analyzer, "ignoredirective")
}

// TestKnownIsAll proves that the names a directive may use are exactly the
// analyzers every driver runs.
func TestKnownIsAll(t *testing.T) {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	slices.Sort(names)
	known := slices.Sorted(slices.Values(ignoredirective.Known()))
	if !slices.Equal(names, known) {
		t.Errorf("ignoredirective knows %v; analyzers.All() has %v", known, names)
	}
}
