package retrydeadline

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/analyzerdoc"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// Analyzer is the retrydeadline analyzer.
var Analyzer = analyzerdoc.Document(&analysis.Analyzer{
	Name:     "retrydeadline",
	Requires: []*analysis.Analyzer{retrysite.Analyzer, inspect.Analyzer},
	Run:      run,
}, doc)

//go:embed doc.go
var doc string

// checker is the state of one pass.
type checker struct {
	pass *analysis.Pass
	info *types.Info
	res  *retrysite.Result
	rep  *report.Reporter
	root inspector.Cursor
	w    *writes // what the package writes to its variables, on first use
	// waited holds the waits already reported: one a retry loop and a
	// recursive retry share, or that comes before two recursive calls,
	// is reported once.
	waited map[ast.Node]bool
}

func run(pass *analysis.Pass) (any, error) {
	res, ok := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	insp, ok2 := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !ok || !ok2 || pass.TypesInfo == nil {
		return nil, nil
	}
	c := &checker{pass: pass, info: pass.TypesInfo, res: res, rep: report.New(pass), root: insp.Root(), waited: map[ast.Node]bool{}}
	// A retrying transport runs inside one request: the client's Timeout is
	// its deadline, with or without a context in sight.
	c.transportBudgets()
	// A go-retryablehttp client retries inside its Do: no site of the
	// package's own.
	c.retryableHTTPBudgets()
	// Otherwise a deadline or a cancellation needs a context: without the
	// context package in sight, or net/http's requests that carry one,
	// there is nothing to outlive or overrun.
	if len(res.Sites)+len(res.Periodic)+len(res.Recursive) == 0 || !typematch.Imports(pass.Pkg, "context", "net/http") {
		return nil, nil
	}
	for _, s := range res.Sites {
		switch s.Kind {
		case retrysite.Loop:
			c.budget(s)
			c.outlivingWaits(s, "retry loop")
			c.attemptWaits(s)
		case retrysite.LibraryCall:
			c.policyBudget(s)
			c.libraryBudget(s)
		}
	}
	// A function that calls itself again after a failure and a wait
	// (cohere's Retrier.run) sleeps past its context as a loop does.
	for _, s := range res.Recursive {
		c.outlivingWaits(s, "recursive retry")
	}
	// A poll that re-runs its call after every failure retries it too
	// (ensureStableKey's Get until the key is stable): its sleeps outlive
	// the context just as a retry loop's do.
	for _, s := range res.Periodic {
		if s.Call != nil {
			c.outlivingWaits(s, "polling loop")
		}
	}
	return nil, nil
}

// cursor returns the cursor of n, which the inspector holds.
func (c *checker) cursor(n ast.Node) (inspector.Cursor, bool) {
	return source.Cursor(c.root, n)
}
