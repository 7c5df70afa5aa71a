package nojitter

import (
	_ "embed"
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/analyzerdoc"
	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
)

// Analyzer is the nojitter analyzer.
var Analyzer = analyzerdoc.Document(&analysis.Analyzer{
	Name:     "nojitter",
	Requires: []*analysis.Analyzer{retrysite.Analyzer, inspect.Analyzer},
	Run:      run,
}, doc)

//go:embed doc.go
var doc string

// periodic turns on the report of periodic loops (pollers, tickers).
var periodic bool

func init() {
	Analyzer.Flags.BoolVar(&periodic, "periodic", false,
		"also report periodic loops (tickers, for { work(); sleep(d) }) that wait a fixed period")
	Analyzer.Flags.Var(retrysite.RunnersFlag(), "runners",
		"comma-separated retry runners of your own, importpath.Func or importpath.Type.Method, whose last function argument is the operation")
	Analyzer.Flags.Var(retrysite.JitterFlag(), "jitter",
		"comma-separated functions of your own, importpath.Func or importpath.Type.Method, that return a randomised duration")
}

const herd = "clients that failed together retry together"

type checker struct {
	pass *analysis.Pass
	res  *retrysite.Result
	rep  *report.Reporter
	root inspector.Cursor
	// reported holds the waits of retry sites already reported.
	reported map[ast.Node]bool
}

func run(pass *analysis.Pass) (any, error) {
	res, ok := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	insp, ok2 := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !ok || !ok2 || pass.TypesInfo == nil {
		return nil, nil
	}
	// Nothing in test code (source.InTestCode, where retrysite finds no
	// sites either) is reported: tests are no fleet of clients, and a test
	// harness's client retries against a fake.
	quiet := *pass
	quiet.Report = func(d analysis.Diagnostic) {
		if !source.InTestCode(pass, d.Pos) {
			pass.Report(d)
		}
	}
	c := &checker{pass: &quiet, res: res, rep: report.New(&quiet), root: insp.Root(), reported: map[ast.Node]bool{}}
	for _, s := range res.Sites {
		switch s.Kind {
		case retrysite.Loop:
			c.loop(s)
		case retrysite.LibraryCall:
			c.library(s)
		}
	}
	for _, s := range res.Recursive {
		c.loop(s)
	}
	c.rescheduled()
	if periodic {
		for _, s := range res.Periodic {
			c.periodic(s)
		}
	}
	c.retryablehttp()
	return nil, nil
}

// wrapEdits wraps e in name.fn( ... ).
func wrapEdits(e ast.Expr, qualified string) []analysis.TextEdit {
	return []analysis.TextEdit{
		{Pos: e.Pos(), End: e.Pos(), NewText: []byte(qualified + "(")},
		{Pos: e.End(), End: e.End(), NewText: []byte(")")},
	}
}

// fullJitterFix wraps the duration d in retry.FullJitter.
func (c *checker) fullJitterFix(d ast.Expr) []analysis.SuggestedFix {
	f := source.File(c.pass.Files, d.Pos())
	if f == nil {
		return nil
	}
	name, edits := fixes.AddImport(c.pass.TypesInfo, f, d.Pos(), apis.Retry, "retry", "rlretry")
	edits = append(edits, wrapEdits(d, fixes.QualifiedName(name, "FullJitter"))...)
	return []analysis.SuggestedFix{{Message: "wrap the wait in retry.FullJitter", TextEdits: edits}}
}
