package ignoredirective

import (
	_ "embed"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/analyzerdoc"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"golang.org/x/tools/go/analysis"
)

// Analyzer is the ignoredirective analyzer.
var Analyzer = analyzerdoc.Document(&analysis.Analyzer{
	Name: "ignoredirective",
	Run:  run,
}, doc)

//go:embed doc.go
var doc string

// known lists the names a directive may use: the analyzers that report
// through analyzers/internal/report (this one included). They are spelled
// here rather than read from the analyzers, so that this analyzer, which only
// reads comments, does not link (and, under fact-using drivers, run) the
// others; TestKnownIsAll checks the list against analyzers.All().
var known = []string{
	"zerotimeout",
	"nojitter",
	"nestedretry",
	"unkeyedpost",
	"retrydeadline",
	"ignoredirective",
}

func run(pass *analysis.Pass) (any, error) {
	r := report.New(pass)
	for _, f := range pass.Files {
		if r.Generated(f) {
			continue
		}
		for _, d := range report.Directives(pass.Fset, f) {
			for _, msg := range problems(d) {
				r.Report(analysis.Diagnostic{Pos: d.Pos, End: d.End, Message: msg})
			}
		}
	}
	return nil, nil
}

// problems returns what is wrong with d, one message each.
func problems(d report.Directive) []string {
	if len(d.Analyzers) == 0 {
		return []string{"retrylint:ignore directive names no analyzer: write //retrylint:ignore <analyzer>[,<analyzer>] <reason>"}
	}
	var msgs []string
	for _, name := range d.Analyzers {
		if !slices.Contains(known, name) {
			msgs = append(msgs, `retrylint:ignore directive names unknown analyzer "`+name+`", so it silences nothing: known analyzers are `+strings.Join(known[:len(known)-1], ", "))
		}
	}
	if d.TrailingComma {
		msgs = append(msgs, "retrylint:ignore directive has a space after a comma in its analyzer list: the rest is read as the reason; join the names with commas only")
	}
	if d.Reason == "" {
		msgs = append(msgs, "retrylint:ignore directive gives no reason: say after the analyzer names why the finding does not apply")
	}
	return msgs
}
