package unkeyedpost

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/analyzers/internal/analyzerdoc"
	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

//go:embed doc.go
var doc string

// Analyzer reports POST and PATCH requests that are sent more than once
// without one idempotency key for all their attempts.
var Analyzer = analyzerdoc.Document(&analysis.Analyzer{
	Name:      "unkeyedpost",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, retrysite.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*FreshKeyFact)(nil), (*KeyParamFact)(nil), (*SendsFact)(nil), (*RetriedFact)(nil), (*StripeWriteFact)(nil)},
}, doc)

func init() {
	Analyzer.Flags.Var(&extraHeaders, "headers",
		"comma-separated header names that also carry an idempotency key (besides Idempotency-Key, X-Idempotency-Key and any name with Idempotency in it)")
}

// httpPath is net/http's import path; the third-party ones are apis's.
const httpPath = "net/http"

// checker holds what one pass needs.
type checker struct {
	pass  *analysis.Pass
	rep   *report.Reporter
	sites *retrysite.Result
	root  inspector.Cursor
	fresh *freshness
	// reported remembers the positions already reported, so that a request
	// sent twice, or a key written twice, is reported once.
	reported map[token.Pos]bool
	funcs    []inspector.Cursor        // the package's function declarations, by position (see funcAt)
	named    map[*types.Scope][]string // key names declared by fixes, by the block they go in (see claim)
	fields   map[*types.Var]*fieldUses
	// setFields holds the struct fields the package gives a value that is
	// not made anew on every call (see fieldSet).
	setFields map[*types.Var]bool
	decls     map[*types.Func]*ast.FuncDecl // see declOf
	// sums memoises the summaries of the package's functions (see
	// summaryOf); sendsHere says whether the package may send requests
	// itself, sendFacts whether any dependency exported a SendsFact.
	sums map[*types.Func]*SendsFact
	// summarising holds the functions whose summaries are being computed:
	// a call of one of them is a recursive call.
	summarising map[*types.Func]bool
	sendsHere   bool
	sendFacts   bool
	// impls maps the package's methods that implement a retried interface
	// method to what retries them (see findImpls).
	impls map[*ast.FuncDecl]string
	// ifaceCalls memoises interfaceCalls.
	ifaceCalls map[*types.Func][]*types.Func
	// sitesIn indexes the retry sites by the function declaration that
	// holds their attempt (nil: none), attempts their attempts (see
	// enclosing).
	sitesIn  map[ast.Node][]*retrysite.Site
	attempts map[*ast.BlockStmt]bool
	// stripeSetting memoises stripeRetriesSet.
	stripeSetting *bool
	// importsStripe says that the package imports stripe-go (see
	// stripeKeyWrites).
	importsStripe bool
	// executors maps the descriptions of this package's retriers to the
	// retriers, and executorCalls holds, by retrier, the calls whose
	// request such a retrier inside the callee re-sends (see executors.go).
	executors     map[string]*executor
	executorCalls map[*executor][]executorCall
	foreign       map[string]bool       // see foreignRetriers
	used          map[types.Object]bool // see usedHere
	// unsureWrites memoises retriesUnsureWrite.
	unsureWrites map[*retrysite.Site]bool
	// paramSites maps the request parameters that a retry loop of their
	// function sends again to that loop (see open.go).
	paramSites map[*types.Var]*retrysite.Site
	// calledHere holds the functions that calls of this package, outside
	// test files, name (see calledInPackage).
	calledHere map[*types.Func]bool
}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	c := &checker{
		pass:         pass,
		rep:          report.New(pass),
		root:         in.Root(),
		reported:     make(map[token.Pos]bool),
		named:        make(map[*types.Scope][]string),
		sums:         make(map[*types.Func]*SendsFact),
		summarising:  make(map[*types.Func]bool),
		ifaceCalls:   make(map[*types.Func][]*types.Func),
		unsureWrites: make(map[*retrysite.Site]bool),
		paramSites:   make(map[*types.Var]*retrysite.Site),
	}
	if typematch.InStdlib(pass.Pkg.Path()) {
		return nil, nil // no reports and no facts from the standard library: see InStdlib
	}
	c.sites, _ = pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	if c.sites == nil {
		c.sites = &retrysite.Result{}
	}
	// The interface methods this package retries, for the packages that
	// implement them, whether or not this one sends anything.
	retried := c.retriedMethods()
	c.exportRetried(retried)
	if apis.IsStripe(pass.Pkg.Path()) {
		c.exportStripeWrites()
	}

	c.importsStripe = apis.ImportsStripe(pass.Pkg)
	sends := typematch.Imports(pass.Pkg, httpPath, apis.RetryableHTTP, apis.RestyV2) || c.importsStripe
	facts := pass.AllObjectFacts()
	for _, f := range facts {
		if _, ok := f.Fact.(*SendsFact); ok {
			c.sendFacts = true
			break
		}
	}
	c.sendsHere = sends || c.sendFacts
	makesKeys := typematch.Imports(pass.Pkg, freshPkgs...) || len(facts) > 0
	if !sends && !makesKeys {
		return nil, nil // fast exit: nothing to send, no key to make
	}
	c.fresh = newFreshness(pass, c.root)
	if makesKeys {
		// Facts first: other packages need them even when this one sends nothing.
		c.fresh.exportFacts()
	}
	var keyParams map[*types.Func][]int
	if sends {
		keyParams = c.keyParams()
	}
	c.impls = c.findImpls(retried, facts)
	for cur := range c.root.Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
		if call, ok := cur.Node().(*ast.CallExpr); ok {
			if sends {
				c.call(cur, call)
			}
			if c.sendsHere {
				c.helperCall(call)
			}
			c.keyArgs(call, keyParams)
		}
		c.keyWrites(cur)
	}
	c.reportExecutors()
	if sends {
		c.reportOpenRetriers()
	}
	if c.sendsHere {
		c.exportSends()
	}
	return nil, nil
}
