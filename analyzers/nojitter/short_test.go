package nojitter

import "testing"

// TestShort: a quoted expression keeps its brackets balanced when it is cut.
func TestShort(t *testing.T) {
	for in, want := range map[string]string{
		"base << attempt": "base << attempt",
		"time.Duration(cfg.Admin.Config.LoadDelay) * time.Second":    "time.Duration(cfg.Admin.Config.LoadDe...)",
		"backoffs[min(attempt, len(backoffs)-1)] + time.Duration(n)": "backoffs[min(attempt, len(backoffs)-1...)]",
		"1234567890123456789012345678901234567890":                   "1234567890123456789012345678901234567890",
		"é234567890123456789012345678901234567890é":                  "é234567890123456789012345678901234567...",
	} {
		if got := short(in); got != want {
			t.Errorf("short(%q) = %q, want %q", in, got, want)
		}
	}
}
