package zerotimeout_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/zerotimeout"
)

// TestTimeoutFlagRefusesNonPositive: a Timeout the fixes cannot write is a
// flag error when the flag is set (every driver then reports it once, as a
// bad flag), and the value in force does not change.
func TestTimeoutFlagRefusesNonPositive(t *testing.T) {
	f := zerotimeout.Analyzer.Flags.Lookup("timeout")
	before := f.Value.String()
	for _, bad := range []string{"0s", "0", "-1s", "abc", ""} {
		if err := f.Value.Set(bad); err == nil {
			t.Errorf("-timeout=%q accepted", bad)
		}
		if got := f.Value.String(); got != before {
			t.Errorf("-timeout=%q changed the value to %s", bad, got)
		}
	}
	if err := f.Value.Set("1500ms"); err != nil || f.Value.String() != "1.5s" {
		t.Errorf("-timeout=1500ms: %v, value %s", err, f.Value.String())
	}
	if err := f.Value.Set(before); err != nil {
		t.Fatal(err)
	}
}
