package unkeyedpost_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/unkeyedpost"
)

func TestBasic(t *testing.T) {
	testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/basic")
}

func TestFixes(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, unkeyedpost.Analyzer, "unkeyedpost/fixes")
}
