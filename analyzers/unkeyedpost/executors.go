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
// and thirty of the package's methods hand it a POST or PATCH; go-gitlab's
// (*Client).Do sends every request through a go-retryablehttp client that
// retries 5xx answers, and hundreds of its methods hand it one. Each of
// those calls would be reported, over and over, for one retrier; the
// retrier is what re-sends them, and where the fix goes (retry only
// idempotent methods, or send a key made once per operation). So the
// calls of this package whose POST or PATCH a retrier of this package,
// inside the callee, sends again are gathered by that retrier, and
// reported once at it when there are two or more: at the retry loop, or
// at the call that sends them through the retrying client. A single one
// is reported at its call. A retrier in another package is out of reach
// of a report: its calls are reported where they are.

// An executor is a retrier of this package that callers hand their
// requests to: a retry loop (site), or the call (send) by which function
// fn sends them through a client that retries by itself.
type executor struct {
	site   *retrysite.Site
	send   *ast.CallExpr
	client selfRetry
	fn     string
}

// same reports whether e and o are one retrier.
func (e *executor) same(o *executor) bool {
	return e.site == o.site && e.send == o.send
}

// executorCall is a call that hands a POST or PATCH to a function that
// retries it by itself.
type executorCall struct {
	call    *ast.CallExpr
	method  string // "POST" or "PATCH"
	message string // what the call would be reported with
}

// noteExecutor remembers which retrier of this package a retrier
// description names, so that the calls it retries can be reported there.
// A description two retriers share (two loops of one function with the
// same bound, two functions sending through alike clients) names neither:
// it maps to nil.
func (c *checker) noteExecutor(desc string, e *executor) {
	if c.executors == nil {
		c.executors = map[string]*executor{}
	}
	old, ok := c.executors[desc]
	switch {
	case !ok:
		c.executors[desc] = e
	case old != nil && !old.same(e):
		c.executors[desc] = nil
	}
}

// deferToExecutor holds back the report of call, whose request the callee
// retries by itself as desc says, when desc names a retrier of this
// package, and that one only: reportExecutors decides where it goes. A
// description is text, and another package's retrier may read the same (a
// package of the same name, a function of the same name and bound): one
// that a fact of another package carries may be that retrier, and is left
// to the call. A call the user silenced is neither counted nor reported.
// It says whether it took the call.
func (c *checker) deferToExecutor(desc string, ec executorCall) bool {
	e := c.executors[desc]
	if e == nil || c.foreignRetriers()[desc] || source.IsTestFile(c.pass.Fset, ec.call.Pos()) {
		return false
	}
	if c.rep.Skip(ec.call.Pos()) {
		return true
	}
	if c.executorCalls == nil {
		c.executorCalls = map[*executor][]executorCall{}
	}
	c.executorCalls[e] = append(c.executorCalls[e], ec)
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

// reportExecutors reports the held-back calls: once at the retrier that
// re-sends the requests of two calls or more, at the call otherwise.
func (c *checker) reportExecutors() {
	execs := make([]*executor, 0, len(c.executorCalls))
	for e := range c.executorCalls {
		execs = append(execs, e)
	}
	slices.SortFunc(execs, func(a, b *executor) int { return c.comparePlaces(a.pos(), b.pos()) })
	for _, e := range execs {
		calls := c.executorCalls[e]
		slices.SortFunc(calls, func(a, b executorCall) int { return c.comparePlaces(a.call.Pos(), b.call.Pos()) })
		if len(calls) == 1 {
			ec := calls[0]
			c.report(analysis.Diagnostic{Pos: ec.call.Pos(), End: ec.call.End(), Message: ec.message})
			continue
		}
		what := func(handed string) string {
			return fmt.Sprintf("the %s requests made at %d places in this package (%s) and handed to %s, without an Idempotency-Key: %s",
				executorMethods(calls), len(calls), c.callPlaces(calls), handed, why)
		}
		if e.site == nil {
			c.report(analysis.Diagnostic{Pos: e.send.Pos(), End: e.send.End(),
				Message: fmt.Sprintf("%s re-sends here %s; "+
					"let this client retry only idempotent methods, or have each caller send a key made once per operation",
					e.client, what(e.fn))})
			continue
		}
		end := e.site.Node.End()
		switch e.site.Node.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			end = e.site.Node.Pos() + token.Pos(len("for"))
		}
		c.report(analysis.Diagnostic{Pos: e.site.Node.Pos(), End: end,
			Message: fmt.Sprintf("this %s (%s) re-sends %s; "+
				"retry only idempotent methods here, or have each caller send a key made once per operation",
				e.site.Kind, e.site.Bound, what("it"))})
	}
}

// pos is where e is reported.
func (e *executor) pos() token.Pos {
	if e.site != nil {
		return e.site.Node.Pos()
	}
	return e.send.Pos()
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
