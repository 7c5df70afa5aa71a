package testutil

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

// SetFlag sets the flag name of a to value for the rest of the test, and
// restores it when the test ends. Analyzer flags are process-wide, so tests
// that set one must not run in parallel with tests of the same analyzer.
func SetFlag(t testing.TB, a *analysis.Analyzer, name, value string) {
	t.Helper()
	f := a.Flags.Lookup(name)
	if f == nil {
		t.Fatalf("%s has no flag -%s", a.Name, name)
	}
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}
