// Package ignoredirective defines an Analyzer that keeps retrylint's
// suppression comments honest.
//
// A //retrylint:ignore directive silences the analyzers it names on its own
// line and the line below (see analyzers/internal/report, which applies it in
// every analyzer). A suppression nobody can justify, or one that names an
// analyzer that does not exist (a typo silences nothing), hides a problem
// without saying so; this analyzer reports both. It is an analyzer of its own,
// rather than a rule inside each of the others, so that exactly one diagnostic
// is reported per bad directive, including a directive that names only
// unknown analyzers, under every driver: retrylint, go vet, go fix, nogo and
// golangci-lint (where it is also its own plugin, ignoredirective).
//
// It reads only the comments of the package's files, so it costs next to
// nothing.
package ignoredirective

import (
	"slices"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/report"
	"golang.org/x/tools/go/analysis"
)

const doc = `report //retrylint:ignore directives that give no reason or name an unknown analyzer

A directive

	//retrylint:ignore <analyzer>[,<analyzer>] <reason>

silences the named retrylint analyzers on its own line and on the line below.
It must name at least one analyzer, only analyzers that exist, with the names
joined by commas and no spaces, and it must say why the finding does not apply.
A directive that breaks these rules is reported (it still silences the
analyzers it names correctly), so that every suppression can be reviewed.`

// Analyzer is the ignoredirective analyzer.
var Analyzer = &analysis.Analyzer{
	Name: "ignoredirective",
	Doc:  doc,
	URL:  "https://github.com/retrylint/retrylint/blob/main/docs/ignoredirective.md",
	Run:  run,
}

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
