package zerotimeout_test

import (
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/zerotimeout"
)

func TestZeroTimeout(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, zerotimeout.Analyzer,
		"zerotimeout/basic", "zerotimeout/setbefore", "zerotimeout/names", "zerotimeout/dot", "zerotimeout/generated", "zerotimeout/layout")
}

func TestTestFilesSkippedByDefault(t *testing.T) {
	testutil.Run(t, zerotimeout.Analyzer, "zerotimeout/testfiles")
}

func TestTestsFlag(t *testing.T) {
	testutil.SetFlag(t, zerotimeout.Analyzer, "tests", "true")
	testutil.RunWithSuggestedFixes(t, zerotimeout.Analyzer, "zerotimeout/testfileson")
}

func TestTimeoutFlag(t *testing.T) {
	testutil.SetFlag(t, zerotimeout.Analyzer, "timeout", "1500ms")
	testutil.RunWithSuggestedFixes(t, zerotimeout.Analyzer, "zerotimeout/timeoutflag")
}

func TestDoc(t *testing.T) {
	doc := zerotimeout.Analyzer.Doc
	title, _, _ := strings.Cut(doc, "\n")
	if title != "report http.Client values that can wait forever" {
		t.Errorf("Doc title = %q", title)
	}
	if strings.Contains(doc, "//") || !strings.Contains(doc, "http.DefaultTransport (a nil Transport") {
		t.Errorf("Doc is not the unwrapped package comment:\n%s", doc)
	}
}

func TestDurationExpr(t *testing.T) {
	for d, want := range map[time.Duration]string{
		30 * time.Second:        "30 * time.Second",
		time.Second:             "time.Second",
		1500 * time.Millisecond: "1500 * time.Millisecond",
		time.Minute:             "time.Minute",
		90 * time.Minute:        "90 * time.Minute",
		2 * time.Hour:           "2 * time.Hour",
		time.Microsecond:        "time.Microsecond",
		1001 * time.Nanosecond:  "1001 * time.Nanosecond",
	} {
		if got := zerotimeout.DurationExpr("time", d); got != want {
			t.Errorf("DurationExpr(%v) = %q, want %q", d, got, want)
		}
	}
	if got := zerotimeout.DurationExpr("", time.Second); got != "Second" {
		t.Errorf("with a dot import: %q", got)
	}
}
