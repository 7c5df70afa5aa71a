package zerotimeout_test

import (
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/zerotimeout"
)

// TestTimeoutFlagRefusesNonPositive: a Timeout the fixes cannot write is a
// flag error when the flag is set (every driver then reports it once, as a
// bad flag), and the value in force does not change.
func TestTimeoutFlagRefusesNonPositive(t *testing.T) {
	testutil.RefusesFlagValues(t, zerotimeout.Analyzer, "timeout", "0s", "0", "-1s", "abc", "")
	f := zerotimeout.Analyzer.Flags.Lookup("timeout")
	if err := f.Value.Set("1500ms"); err != nil || f.Value.String() != "1.5s" {
		t.Errorf("-timeout=1500ms: %v, value %s", err, f.Value.String())
	}
}
