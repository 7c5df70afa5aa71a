package zerotimeout

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/analyzerdoc"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

//go:embed doc.go
var doc string

// Analyzer reports http.Client values that have no Timeout.
var Analyzer = &analysis.Analyzer{
	Name:     "zerotimeout",
	Doc:      analyzerdoc.MustExtract(doc, "zerotimeout"),
	URL:      "https://github.com/retrylint/retrylint/blob/main/docs/zerotimeout.md",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

// Analyzer flags: the only configuration, so that go vet, golangci-lint and
// nogo can all set them.
var (
	timeout = 30 * time.Second
	tests   bool
)

func init() {
	Analyzer.Flags.Var(positiveDuration{&timeout}, "timeout", "the Timeout that suggested fixes write (a positive `duration`)")
	Analyzer.Flags.BoolVar(&tests, "tests", false, "also check _test.go files (off: go test -timeout ends a hung test)")
}

// positiveDuration is the -timeout flag. It refuses a Timeout that is not
// positive when the flag is set, so that every driver reports the bad value
// once, as a flag error, instead of each analysis pass failing with it.
type positiveDuration struct{ d *time.Duration }

func (p positiveDuration) String() string {
	if p.d == nil { // the zero value flag.PrintDefaults makes
		return ""
	}
	return p.d.String()
}

func (p positiveDuration) Set(s string) error {
	d, err := time.ParseDuration(s)
	if err != nil {
		return err
	}
	if d <= 0 {
		return fmt.Errorf("%v: fixes need a positive Timeout", d)
	}
	*p.d = d
	return nil
}

const (
	httpPath = "net/http"
	why      = "a server that stops answering blocks "
)

// defaultClientFuncs are the net/http functions that send through
// http.DefaultClient.
var defaultClientFuncs = []string{"Get", "Head", "Post", "PostForm"}

func run(pass *analysis.Pass) (any, error) {
	if !typematch.Imports(pass.Pkg, httpPath) {
		return nil, nil
	}
	c := &checker{pass: pass, rep: report.New(pass), timeout: timeout, defaultSet: make(map[ast.Node]token.Pos)}
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	filter := []ast.Node{(*ast.CompositeLit)(nil), (*ast.ValueSpec)(nil), (*ast.CallExpr)(nil), (*ast.Ident)(nil)}
	for fcur := range insp.Root().Children() {
		f, ok := fcur.Node().(*ast.File)
		if !ok || c.rep.Generated(f) {
			continue
		}
		if tf := pass.Fset.File(f.FileStart); !tests && tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		c.file = f
		for cur := range fcur.Preorder(filter...) {
			switch n := cur.Node().(type) {
			case *ast.CompositeLit:
				c.literal(cur, n)
			case *ast.ValueSpec:
				c.zeroVar(cur, n)
			case *ast.CallExpr:
				c.newClient(cur, n)
			case *ast.Ident:
				c.defaultClientUse(cur, n)
			}
		}
	}
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	rep     *report.Reporter
	timeout time.Duration
	file    *ast.File
	// defaultSet caches, per function, where http.DefaultClient or its
	// Timeout is first given a value (a Timeout not provably zero), NoPos
	// where nowhere.
	defaultSet map[ast.Node]token.Pos
}

func isClient(t types.Type) bool { return t != nil && typematch.IsNamed(t, httpPath, "Client") }

// literal checks an http.Client composite literal.
func (c *checker) literal(cur inspector.Cursor, lit *ast.CompositeLit) {
	t := c.pass.TypesInfo.TypeOf(lit)
	if lit.Type == nil && t != nil {
		t = typematch.Deref(t) // the elided type of a {...} in []*http.Client{...} is *http.Client
	}
	if !isClient(t) {
		return
	}
	value, known := c.timeoutElt(lit, t)
	if !known || (value != nil && !c.isZero(value)) {
		return
	}
	if c.rep.Skip(lit.Pos()) || c.setBeforeUse(cur, c.target(cur)) {
		return
	}
	msg := "http.Client has no Timeout: " + why + "its calls forever"
	if value != nil {
		msg = "http.Client Timeout is 0, which means no timeout: " + why + "its calls forever"
	}
	c.report(lit, msg, func(dur string) ([]analysis.TextEdit, bool) { return c.literalEdits(lit, value, dur) })
}

// timeoutElt returns the expression a literal gives Timeout (nil when it
// gives none). known is false when the literal cannot be read (unkeyed and
// incomplete, as in broken code).
func (c *checker) timeoutElt(lit *ast.CompositeLit, t types.Type) (value ast.Expr, known bool) {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	for i, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			if i < st.NumFields() && st.Field(i).Name() == "Timeout" {
				return e, true
			}
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && f.IsField() && f.Name() == "Timeout" {
				return kv.Value, true
			}
		}
	}
	if len(lit.Elts) > 0 {
		if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); !keyed {
			return nil, false
		}
	}
	return nil, true
}

// isZero reports whether e is a constant zero.
func (c *checker) isZero(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	return ok && tv.Value != nil && (tv.Value.Kind() == constant.Int || tv.Value.Kind() == constant.Float) &&
		constant.Sign(tv.Value) == 0
}

// zeroVar checks var declarations without a value, such as var c http.Client.
func (c *checker) zeroVar(cur inspector.Cursor, spec *ast.ValueSpec) {
	if len(spec.Values) > 0 {
		return
	}
	for _, name := range spec.Names {
		v, ok := c.pass.TypesInfo.Defs[name].(*types.Var)
		if !ok || name.Name == "_" || !isClient(v.Type()) || c.rep.Skip(name.Pos()) {
			continue
		}
		if c.setBeforeUse(cur, &path{root: v}) {
			continue
		}
		msg := fmt.Sprintf("zero-value http.Client %s has no Timeout: %sits calls forever", name.Name, why)
		c.report(name, msg, func(dur string) ([]analysis.TextEdit, bool) {
			return c.zeroVarEdits(spec, dur)
		})
	}
}

// newClient checks new(http.Client).
func (c *checker) newClient(cur inspector.Cursor, call *ast.CallExpr) {
	if len(call.Args) != 1 {
		return
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return
	}
	if b, ok := c.pass.TypesInfo.Uses[id].(*types.Builtin); !ok || b.Name() != "new" {
		return
	}
	tv, ok := c.pass.TypesInfo.Types[call.Args[0]]
	if !ok || !tv.IsType() || !isClient(tv.Type) || c.rep.Skip(call.Pos()) {
		return // new(expr) of Go 1.26 copies a value: its literal is checked on its own
	}
	if c.setBeforeUse(cur, c.target(cur)) {
		return
	}
	c.report(call, "new(http.Client) has no Timeout: "+why+"its calls forever", func(dur string) ([]analysis.TextEdit, bool) {
		return c.newEdits(cur, call, dur)
	})
}

// defaultClientUse checks uses of http.DefaultClient and of the functions
// that send through it.
func (c *checker) defaultClientUse(cur inspector.Cursor, id *ast.Ident) {
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != httpPath {
		return
	}
	// expr is the whole mention: the selector http.X, or X alone after a dot import.
	expr, ecur := ast.Expr(id), cur
	if kind, _ := cur.ParentEdge(); kind == edge.SelectorExpr_Sel {
		ecur = cur.Parent()
		expr = ecur.Node().(*ast.SelectorExpr)
	}
	switch {
	case typematch.IsVar(obj, httpPath, "DefaultClient"):
		if !c.isClientUse(ecur) || c.rep.Skip(expr.Pos()) || c.defaultTimeoutSetBefore(ecur, expr.Pos()) {
			return
		}
		msg := "http.DefaultClient has no Timeout: " + why + "this call forever"
		c.report(expr, msg, func(dur string) ([]analysis.TextEdit, bool) {
			return c.defaultClientEdits(ecur, expr, dur, "")
		})
	case isDefaultClientFunc(obj):
		var at ast.Node = expr
		if kind, _ := ecur.ParentEdge(); kind == edge.CallExpr_Fun {
			at = ecur.Parent().Node()
		}
		if c.rep.Skip(at.Pos()) || c.defaultTimeoutSetBefore(ecur, expr.Pos()) {
			return
		}
		msg := fmt.Sprintf("http.%s uses http.DefaultClient, which has no Timeout: %sthis call forever", obj.Name(), why)
		c.report(at, msg, func(dur string) ([]analysis.TextEdit, bool) {
			return c.defaultClientEdits(ecur, expr, dur, obj.Name())
		})
	}
}

func isDefaultClientFunc(obj types.Object) bool {
	for _, name := range defaultClientFuncs {
		if typematch.IsFunc(obj, httpPath, name) {
			return true
		}
	}
	return false
}

// isClientUse reports whether the mention of http.DefaultClient at cur uses
// the client to send requests or hands it on. Assignments to it or its
// fields, reads of its fields and comparisons with it do not.
func (c *checker) isClientUse(cur inspector.Cursor) bool {
	for {
		kind, _ := cur.ParentEdge()
		switch kind {
		case edge.ParenExpr_X:
			cur = cur.Parent()
			continue
		case edge.AssignStmt_Lhs:
			return false
		case edge.BinaryExpr_X, edge.BinaryExpr_Y:
			op := cur.Parent().Node().(*ast.BinaryExpr).Op
			return op != token.EQL && op != token.NEQ
		case edge.SelectorExpr_X:
			sel := c.pass.TypesInfo.Selections[cur.Parent().Node().(*ast.SelectorExpr)]
			return sel == nil || sel.Kind() != types.FieldVal
		}
		return true
	}
}

// report reports a diagnostic over n with one fix, whose edits edits builds
// from the rendered Timeout (no fix when it cannot build a safe one).
func (c *checker) report(n ast.Node, msg string, edits func(dur string) ([]analysis.TextEdit, bool)) {
	d := analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Message: msg}
	if timeName, importEdits, ok := c.pkgName(n.Pos(), "time"); ok {
		dur := durationExpr(timeName, c.timeout)
		if es, ok := edits(dur); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "Set Timeout: " + dur,
				TextEdits: append(es, importEdits...),
			}}
		}
	}
	c.rep.Report(d)
}
