package testutil

import (
	"flag"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// SetFlag sets the flag name of a to value for the rest of the test, and
// restores it when the test ends. Analyzer flags are process-wide, so tests
// that set one must not run in parallel with tests of the same analyzer.
func SetFlag(t testing.TB, a *analysis.Analyzer, name, value string) {
	t.Helper()
	f := lookupFlag(t, a, name)
	restoreAtEnd(t, f)
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
}

// RefusesFlagValues fails the test for each value in bad that the flag name
// of a accepts, or whose refusal changes the value in force: a driver
// reports a bad flag once and runs on with the value it had. The value is
// restored when the test ends, should one have been accepted.
func RefusesFlagValues(t testing.TB, a *analysis.Analyzer, name string, bad ...string) {
	t.Helper()
	f := lookupFlag(t, a, name)
	restoreAtEnd(t, f)
	before := f.Value.String()
	for _, v := range bad {
		if err := f.Value.Set(v); err == nil {
			t.Errorf("-%s=%q: accepted", name, v)
		}
		if got := f.Value.String(); got != before {
			t.Errorf("-%s=%q changed the value to %q", name, v, got)
		}
	}
}

func lookupFlag(t testing.TB, a *analysis.Analyzer, name string) *flag.Flag {
	t.Helper()
	f := a.Flags.Lookup(name)
	if f == nil {
		t.Fatalf("%s has no flag -%s", a.Name, name)
	}
	return f
}

// restoreAtEnd gives f back, when the test ends, the value it has now.
func restoreAtEnd(t testing.TB, f *flag.Flag) {
	old := f.Value.String()
	t.Cleanup(func() {
		if err := f.Value.Set(old); err != nil {
			t.Errorf("restoring -%s=%q: %v", f.Name, old, err)
		}
	})
}
