package nestedretry_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

// TestMessagesReadWell runs the analyzer over every package of its test tree
// (with the -clients the flag tests use, so that theirs speak too) and checks
// each message: one line, lowercase, no final period, parentheses balanced,
// no word written twice in a row.
func TestMessagesReadWell(t *testing.T) {
	testutil.SetFlag(t, nestedretry.Analyzer, "clients",
		"nestedretry/own/sdk.Client.Send=3,nestedretry/own/sdk.Publish=2,nestedretry/gapic/pb.Client.AccessSecretVersion=5")
	diags := testutil.AnalyzeTree(t, nestedretry.Analyzer, testutil.Tree(t), "nestedretry/...")
	for _, d := range diags {
		if problem := messageProblem(d.Message); problem != "" {
			t.Errorf("%s: %s: %q", d.Position, problem, d.Message)
		}
	}
	if len(diags) < 50 {
		t.Errorf("only %d messages checked: the tree was not analysed", len(diags))
	}
}

var wordRE = regexp.MustCompile(`[A-Za-z]+`)

// messageProblem says what is wrong with a message, or "".
func messageProblem(m string) string {
	switch {
	case m == "" || strings.ContainsAny(m, "\n\r"):
		return "not one line"
	case strings.ToLower(m[:1]) != m[:1]:
		return "not lowercase"
	case strings.HasSuffix(m, "."):
		return "final period"
	}
	depth := 0
	for _, r := range m {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		}
		if depth < 0 {
			return "a ) without its ("
		}
	}
	if depth != 0 {
		return "a ( without its )"
	}
	words := wordRE.FindAllStringIndex(m, -1)
	for i := 1; i < len(words); i++ {
		prev, cur := words[i-1], words[i]
		if strings.EqualFold(m[prev[0]:prev[1]], m[cur[0]:cur[1]]) && strings.TrimSpace(m[prev[1]:cur[0]]) == "" {
			return "a doubled word"
		}
	}
	return ""
}

// TestMessageProblem proves that the checks above can fail.
func TestMessageProblem(t *testing.T) {
	for m, want := range map[string]string{
		"retry loop calls s3.Client.PutObject, which makes up to 3 attempts (the library default) itself": "",
		"retry loop calls calls x":    "a doubled word",
		"retry loop (of 3 attempts":   "a ( without its )",
		"retry loop of 3) attempts":   "a ) without its (",
		"Retry loop":                  "not lowercase",
		"retry loop.":                 "final period",
		"retry loop\nof 3 attempts":   "not one line",
		"calls (*store.Client).Get":   "",
		"the The library":             "a doubled word",
		"calls a -> a.B, which makes": "",
	} {
		if got := messageProblem(m); got != want {
			t.Errorf("messageProblem(%q) = %q, want %q", m, got, want)
		}
	}
}
