package retrychain

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

// A site is the part of a retry site (retrysite.Site) that a chain needs.
type site struct {
	node    ast.Node       // the loop, or the call of the runner
	attempt *ast.BlockStmt // the code run once per attempt
	runner  *types.Func    // the runner called, for a retry call
	bound   Count
	// spin: a loop that goes around without bound and without waiting,
	// which nestedretry does not count as a layer (a compare-and-swap).
	spin bool
}

// sitesOf returns the retry sites of retrysite's result for one package.
func sitesOf(result any) ([]site, error) {
	r, ok := result.(*retrysite.Result)
	if !ok && result != nil {
		return nil, fmt.Errorf("retrysite's result is a %T, not a *retrysite.Result", result)
	}
	if r == nil {
		return nil, nil
	}
	var out []site
	for _, s := range r.Sites {
		if s == nil || s.Node == nil || s.Attempt == nil {
			continue
		}
		out = append(out, site{
			node:    s.Node,
			attempt: s.Attempt,
			runner:  s.Runner,
			bound:   countOfBound(s.Bound),
			spin:    s.Kind == retrysite.Loop && s.Bound.Kind == retrysite.Unbounded && len(s.Waits) == 0,
		})
	}
	return out, nil
}

// countOf reads the bound of a fact.
func countOf(f *nestedretry.ReachesFact) Count { return countOfBound(f.Bound) }

// countOfBound reads a retry site's bound: a library's default stays marked
// as one, so that the report can say the count is not the program's own.
func countOfBound(b retrysite.Bound) Count {
	switch {
	case b.Finite() && b.Kind == retrysite.LibraryDefault:
		return Count{Kind: Default, N: b.Attempts}
	case b.Finite():
		return Count{Kind: Known, N: b.Attempts}
	case b.Kind == retrysite.Unbounded:
		return Count{Kind: Unbounded}
	}
	return Count{}
}
