package unkeyedpost

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
)

// An SDK's request executor retries whatever request its callers build:
// meilisearch-go's (*client).do re-sends every request on 502, 503 and 504,
// and thirty of the package's methods hand it a POST or PATCH. Each of
// those calls would be reported, thirty times over, for one retry loop; the
// loop is what re-sends them, and where the fix goes (retry only idempotent
// methods, or send a key made once per operation). So the calls of this
// package whose POST or PATCH a retry loop of this package, inside the
// callee, sends again are gathered by that loop, and reported once at the
// loop when there are two or more; a single one is reported at its call.
// A loop in another package is out of reach of a report: its calls are
// reported where they are.

// executorCall is a call that hands a POST or PATCH to a function that
// retries it by itself.
type executorCall struct {
	call    *ast.CallExpr
	method  string // "POST" or "PATCH"
	message string // what the call would be reported with
}

// noteRetrierSite remembers which retry site of this package a retrier
// description names, so that the calls it retries can be reported there.
// A description two sites share (two loops of one function with the same
// bound) names neither: it maps to nil.
func (c *checker) noteRetrierSite(desc string, site *retrysite.Site) {
	if c.retrierSites == nil {
		c.retrierSites = map[string]*retrysite.Site{}
	}
	if old, ok := c.retrierSites[desc]; ok && old != site {
		site = nil
	}
	c.retrierSites[desc] = site
}

// deferToExecutor holds back the report of call, whose request the callee
// retries by itself as desc says, when desc names a retry loop of this
// package, and that loop only: reportExecutors decides where it goes. A
// description is text, and another package's loop may read the same (a
// package of the same name, a function of the same name and bound): one
// that a fact of another package carries may be that loop, and is left to
// the call. A call the user silenced is neither counted nor reported. It
// says whether it took the call.
func (c *checker) deferToExecutor(desc string, ec executorCall) bool {
	site := c.retrierSites[desc]
	if site == nil || c.foreignRetriers()[desc] || source.IsTestFile(c.pass.Fset, ec.call.Pos()) {
		return false
	}
	if c.rep.Skip(ec.call.Pos()) {
		return true
	}
	if c.executorCalls == nil {
		c.executorCalls = map[*retrysite.Site][]executorCall{}
	}
	c.executorCalls[site] = append(c.executorCalls[site], ec)
	return true
}

// foreignRetriers are the retrier descriptions the SendsFacts of other
// packages carry.
func (c *checker) foreignRetriers() map[string]bool {
	if c.foreign != nil {
		return c.foreign
	}
	c.foreign = map[string]bool{}
	for _, f := range c.pass.AllObjectFacts() {
		sf, ok := f.Fact.(*SendsFact)
		if !ok || f.Object.Pkg() == c.pass.Pkg {
			continue
		}
		for _, s := range sf.Sends {
			c.foreign[s.Retrier] = true
		}
		for _, r := range sf.Requests {
			c.foreign[r.Retrier] = true
		}
	}
	return c.foreign
}

// reportExecutors reports the held-back calls: once at the retry loop that
// re-sends the requests of two calls or more, at the call otherwise.
func (c *checker) reportExecutors() {
	sites := make([]*retrysite.Site, 0, len(c.executorCalls))
	for s := range c.executorCalls {
		sites = append(sites, s)
	}
	slices.SortFunc(sites, func(a, b *retrysite.Site) int { return c.comparePlaces(a.Node.Pos(), b.Node.Pos()) })
	for _, s := range sites {
		calls := c.executorCalls[s]
		slices.SortFunc(calls, func(a, b executorCall) int { return c.comparePlaces(a.call.Pos(), b.call.Pos()) })
		if len(calls) == 1 {
			ec := calls[0]
			c.report(analysis.Diagnostic{Pos: ec.call.Pos(), End: ec.call.End(), Message: ec.message})
			continue
		}
		end := s.Node.End()
		switch s.Node.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			end = s.Node.Pos() + token.Pos(len("for"))
		}
		c.report(analysis.Diagnostic{Pos: s.Node.Pos(), End: end,
			Message: fmt.Sprintf("this %s (%s) re-sends the %s requests that %d calls in this package hand it (%s) without an Idempotency-Key: %s; "+
				"retry only idempotent methods here, or have each caller send a key made once per operation",
				s.Kind, s.Bound, executorMethods(calls), len(calls), c.callPlaces(calls), why)})
	}
}

// executorMethods names the methods of calls: "POST", "PATCH" or "POST and
// PATCH".
func executorMethods(calls []executorCall) string {
	var methods []string
	for _, ec := range calls {
		if !slices.Contains(methods, ec.method) {
			methods = append(methods, ec.method)
		}
	}
	slices.Sort(methods) // PATCH before POST
	slices.Reverse(methods)
	return strings.Join(methods, " and ")
}

// callPlaces lists where the first three calls are, and how many more
// there are: "index.go:183, meilisearch.go:272, ... and 29 more".
func (c *checker) callPlaces(calls []executorCall) string {
	const shown = 3
	var places []string
	for _, ec := range calls[:min(shown, len(calls))] {
		p := c.pass.Fset.Position(ec.call.Pos())
		places = append(places, fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line))
	}
	out := strings.Join(places, ", ")
	if len(calls) > shown {
		out += fmt.Sprintf(" and %d more", len(calls)-shown)
	}
	return out
}

// comparePlaces orders two positions by file name, then offset: the order
// a reader finds them in, whatever order the driver loaded the files in.
func (c *checker) comparePlaces(a, b token.Pos) int {
	pa, pb := c.pass.Fset.Position(a), c.pass.Fset.Position(b)
	return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Offset, pb.Offset))
}
