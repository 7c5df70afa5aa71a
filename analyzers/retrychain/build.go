package retrychain

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/types"
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

// Analyzers are the analyzers whose facts and results Build reads: run
// them (through go/analysis/checker) on the packages to report on. The
// retry-site recogniser is among them although nestedretry requires it:
// the checker keeps the results of the analyzers it was asked for only.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{nestedretry.Analyzer, retrysite.Analyzer}
}

// funcInfo is what the builder knows of a function declared in a loaded
// package.
type funcInfo struct {
	decl *ast.FuncDecl
	pkg  *packages.Package
	// user: the function is the program's own (of the main module, or any
	// package outside GOROOT when there are no modules): functions without
	// a fact are walked only there.
	user bool
	// cur is decl's cursor, once find has looked for it.
	cur inspector.Cursor
}

// linkKey is how nestedretry's chains name a function.
type linkKey struct{ pkg, name string }

// A path is what one call of a function leads to: its layers down to one
// dependency, and their product.
type path struct {
	layers []Layer
	calls  Count
	within string
	fact   bool // the function's own ReachesFact: nestedretry's figure
}

// builder holds what Build indexes from the analysis graph.
type builder struct {
	reach map[*types.Func]*nestedretry.ReachesFact
	// clients are the client operations the facts name
	// ("minio.Client.BucketExists"): a call of one is a layer of its own,
	// not a way into the library's internals.
	clients map[string]bool
	funcs   map[*types.Func]*funcInfo
	links   map[linkKey]*types.Func
	sites   map[*packages.Package][]site
	pkgs    map[string]*types.Package
	memo    map[*types.Func][]path
	busy    map[*types.Func]bool
	// syntax holds the inspectors of the packages whose functions were
	// walked, each built on first use: most loaded packages never are.
	syntax map[*packages.Package]*inspector.Inspector
}

// Build returns the chains of the entry points of the root packages of
// graph, which must hold the actions of Analyzers on them (and on their
// dependencies, loaded with packages.LoadAllSyntax), sorted by product,
// largest first.
func Build(graph *checker.Graph) ([]Chain, error) {
	b := &builder{
		reach:   map[*types.Func]*nestedretry.ReachesFact{},
		clients: map[string]bool{},
		funcs:   map[*types.Func]*funcInfo{},
		links:   map[linkKey]*types.Func{},
		sites:   map[*packages.Package][]site{},
		pkgs:    map[string]*types.Package{},
		memo:    map[*types.Func][]path{},
		busy:    map[*types.Func]bool{},
		syntax:  map[*packages.Package]*inspector.Inspector{},
	}
	seen := map[*packages.Package]bool{}
	var roots []*packages.Package
	for act := range graph.All() {
		switch act.Analyzer {
		case nestedretry.Analyzer:
			for _, of := range act.AllObjectFacts() {
				if f, ok := of.Fact.(*nestedretry.ReachesFact); ok {
					if fn, ok := of.Object.(*types.Func); ok {
						b.reach[fn] = f
					}
					for _, l := range f.Chain {
						if l.PkgPath == "" && l.Name != "..." {
							b.clients[l.Name] = true
						}
					}
				}
			}
			if act.IsRoot && act.Err == nil && !slices.Contains(roots, act.Package) {
				roots = append(roots, act.Package)
			}
		case retrysite.Analyzer:
			s, err := sitesOf(act.Result)
			if err != nil {
				return nil, err
			}
			b.sites[act.Package] = s
		}
		if !seen[act.Package] {
			seen[act.Package] = true
			b.index(act.Package)
		}
	}
	var chains []Chain
	for _, p := range roots {
		for _, e := range b.entries(p) {
			chains = append(chains, b.chains(e)...)
		}
	}
	slices.SortStableFunc(chains, func(x, y Chain) int {
		return cmp.Or(
			-cmp.Compare(x.Calls.Rank(), y.Calls.Rank()),
			strings.Compare(x.Entry.Package, y.Entry.Package),
			strings.Compare(x.Entry.Name, y.Entry.Name),
			strings.Compare(x.Dependency.Name, y.Dependency.Name))
	})
	return chains, nil
}

// index records the functions p declares.
func (b *builder) index(p *packages.Package) {
	if p.Types == nil || p.TypesInfo == nil {
		return
	}
	b.pkgs[p.PkgPath] = p.Types
	user := userPackage(p)
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			b.funcs[fn] = &funcInfo{decl: fd, pkg: p, user: user}
			b.links[linkKey{p.PkgPath, linkName(fn)}] = fn
		}
	}
}

// find returns the cursor of info's declaration.
func (b *builder) find(info *funcInfo) (inspector.Cursor, bool) {
	if info.cur.Valid() {
		return info.cur, true
	}
	insp := b.syntax[info.pkg]
	if insp == nil {
		insp = inspector.New(info.pkg.Syntax)
		b.syntax[info.pkg] = insp
	}
	cur, ok := source.Cursor(insp.Root(), info.decl)
	info.cur = cur
	return cur, ok
}

// userPackage reports whether p is the program's own: of the main module,
// or, without modules (GOPATH mode), outside GOROOT.
func userPackage(p *packages.Package) bool {
	if p.Module != nil {
		return p.Module.Main
	}
	if len(p.GoFiles) == 0 {
		return false
	}
	root := filepath.Join(runtime.GOROOT(), "src") + string(filepath.Separator)
	return !strings.HasPrefix(p.GoFiles[0], root)
}

// linkName names fn as nestedretry's chains do: "Fetch", "(*Client).get".
func linkName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t, star := recv.Type(), ""
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, star = p.Elem(), "*"
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return "(" + star + n.Obj().Name() + ")." + fn.Name()
	}
	return fn.Name()
}

// entries returns the entry points of p: exported functions and methods
// of exported types, HTTP handlers and main, in source order.
func (b *builder) entries(p *packages.Package) []*types.Func {
	var out []*types.Func
	for _, f := range p.Syntax {
		if tf := p.Fset.File(f.FileStart); tf == nil || strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := p.TypesInfo.Defs[fd.Name].(*types.Func); ok && entryKind(p, fn) != "" {
				out = append(out, fn)
			}
		}
	}
	return out
}

// entryKind says what kind of entry point fn is, or "" if it is none.
func entryKind(p *packages.Package, fn *types.Func) string {
	sig := fn.Signature()
	switch {
	case p.Name == "main" && fn.Name() == "main" && sig.Recv() == nil:
		return "main"
	case handler(sig):
		return "handler"
	case !fn.Exported():
		return ""
	case sig.Recv() == nil:
		return "function"
	}
	t := sig.Recv().Type()
	if ptr, ok := types.Unalias(t).(*types.Pointer); ok {
		t = ptr.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Exported() {
		return "method"
	}
	return ""
}

// handler reports whether sig serves an HTTP request: it takes an
// http.ResponseWriter and an *http.Request.
func handler(sig *types.Signature) bool {
	var w, r bool
	for v := range sig.Params().Variables() {
		w = w || isNamed(v.Type(), "net/http", "ResponseWriter")
		if p, ok := types.Unalias(v.Type()).(*types.Pointer); ok {
			r = r || isNamed(p.Elem(), "net/http", "Request")
		}
	}
	return w && r
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

// chains returns the chains of entry point fn, one per dependency.
func (b *builder) chains(fn *types.Func) []Chain {
	info := b.funcs[fn]
	e := Entry{Package: fn.Pkg().Path(), PkgName: fn.Pkg().Name(), Name: linkName(fn), Kind: entryKind(info.pkg, fn), Pos: info.pkg.Fset.Position(fn.Pos())}
	var out []Chain
	for _, p := range b.paths(fn) {
		c := Chain{Entry: e, Layers: p.layers, Calls: p.calls, Within: p.within}
		c.Dependency = dependency(p)
		if c.Dependency.Kind == "own" {
			c.Dependency.Host = b.host(p.layers[len(p.layers)-1])
		}
		c.finish()
		out = append(out, c)
	}
	return out
}

// dependency names what p ends in.
func dependency(p path) Dependency {
	last := p.layers[len(p.layers)-1]
	if last.Package == "" && last.Name != "..." {
		return Dependency{Name: last.Name, Kind: "client"}
	}
	return Dependency{Name: last.Qualified(""), Kind: "own"}
}

// host returns the host that the retry sites of the function of l call,
// when their attempts name exactly one, as a constant URL
// ("https://status.example.com/health"); "" otherwise.
func (b *builder) host(l Layer) string {
	fn := b.links[linkKey{l.Package, l.Name}]
	info := b.funcs[fn]
	if info == nil {
		return ""
	}
	decl, ok := b.find(info)
	if !ok {
		return ""
	}
	hosts := map[string]bool{}
	for _, s := range b.sites[info.pkg] {
		if s.node.Pos() < info.decl.Pos() || s.node.End() > info.decl.End() {
			continue
		}
		attempt, ok := source.Cursor(decl, s.attempt)
		if !ok {
			continue
		}
		attempt.Inspect(nil, func(cur inspector.Cursor) bool {
			e, ok := cur.Node().(ast.Expr)
			if !ok {
				return true
			}
			tv, ok := info.pkg.TypesInfo.Types[e]
			if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
				return true
			}
			if u, err := url.Parse(constant.StringVal(tv.Value)); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
				hosts[u.Host] = true
			}
			return false
		})
	}
	if len(hosts) != 1 {
		return ""
	}
	for h := range hosts {
		return h
	}
	return ""
}

// paths returns what a call of fn leads to, one path per dependency, the
// worst for each: fn's ReachesFact, followed down its chain, and the paths
// of the functions it calls that lead to retries (through its own
// functions that have no fact), times the retry sites around each call.
func (b *builder) paths(fn *types.Func) []path {
	if ps, ok := b.memo[fn]; ok || b.busy[fn] {
		return ps // a recursive call adds nothing
	}
	b.busy[fn] = true
	defer delete(b.busy, fn)
	var out []path
	if f := b.reach[fn]; f != nil {
		out = append(out, b.follow(fn, f))
	}
	info := b.funcs[fn]
	if info != nil && info.user && info.decl.Body != nil {
		b.calls(info, func(call *ast.CallExpr, g *types.Func) {
			user := b.funcs[g] != nil && b.funcs[g].user
			if g == fn || b.reach[g] == nil && !user || !user && b.clients[clientLabel(g)] {
				return
			}
			subs := b.paths(g)
			if f := b.reach[g]; !user && f != nil && ownClient(g, f) {
				// A library's function that reaches its own client
				// operations (minio-go's MakeBucket, through its internals,
				// CreateSession): the library is the dependency, entered
				// there.
				subs = []path{{layers: []Layer{{Name: clientLabel(g), Attempts: countOf(f)}}, calls: countOf(f), within: f.Within}}
			}
			if len(subs) == 0 {
				return
			}
			m, budget := b.around(info, call)
			for _, s := range subs {
				top := b.layer(fn)
				top.Attempts, top.Budget = m, budget
				out = merge(out, path{
					layers: append([]Layer{top}, s.layers...),
					calls:  m.Mul(s.calls),
					within: s.within,
				})
			}
		})
	}
	b.memo[fn] = out
	return out
}

// ownClient reports whether f, the fact of g, ends in a client operation of
// g's own package.
func ownClient(g *types.Func, f *nestedretry.ReachesFact) bool {
	if len(f.Chain) == 0 {
		return false
	}
	last := f.Chain[len(f.Chain)-1]
	pkg, _, _ := strings.Cut(last.Name, ".")
	return last.PkgPath == "" && g.Pkg() != nil && pkg == g.Pkg().Name()
}

// clientLabel names g as nestedretry names client operations:
// "minio.Client.BucketExists", "retryablehttp.Get".
func clientLabel(g *types.Func) string {
	if g.Pkg() == nil {
		return ""
	}
	name := linkName(g)
	if recv, ok := strings.CutPrefix(name, "("); ok {
		recv = strings.TrimPrefix(recv, "*")
		name = strings.Replace(recv, ")", "", 1)
	}
	return g.Pkg().Name() + "." + name
}

// merge adds p to ps, unless a path to the same dependency makes as many
// calls; nestedretry's own figure for a function stands against a walk's.
func merge(ps []path, p path) []path {
	dep := dependency(p)
	for i, q := range ps {
		if dependency(q) != dep {
			continue
		}
		if !q.fact && p.calls.Rank() > q.calls.Rank() {
			ps[i] = p
		}
		return ps
	}
	return append(ps, p)
}

// calls calls f for each static call in the body of info's function (which
// has one), in source order, but those started with go: they run beside
// the call, not in it.
func (b *builder) calls(info *funcInfo, f func(*ast.CallExpr, *types.Func)) {
	decl, ok := b.find(info)
	if !ok {
		return
	}
	decl.ChildAt(edge.FuncDecl_Body, -1).Inspect([]ast.Node{(*ast.GoStmt)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
		call, ok := cur.Node().(*ast.CallExpr)
		if !ok {
			return false // a go statement
		}
		if g := callee(info.pkg.TypesInfo, call); g != nil {
			f(call, g)
		}
		return true
	})
}

// callee is the function or method a call calls, interface methods
// included, generic ones as declared.
func callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil
	}
	return fn.Origin()
}

// layer returns the layer of a function, with its deadline, if it sets one.
func (b *builder) layer(fn *types.Func) Layer {
	l := Layer{Name: linkName(fn), Attempts: One}
	if fn.Pkg() != nil {
		l.Package, l.PkgName = fn.Pkg().Path(), fn.Pkg().Name()
	}
	if info := b.funcs[fn]; info != nil && info.decl.Body != nil {
		b.calls(info, func(_ *ast.CallExpr, g *types.Func) {
			if g.Pkg() != nil && g.Pkg().Path() == "context" && (g.Name() == "WithTimeout" || g.Name() == "WithDeadline") && l.Deadline == "" {
				l.Deadline = "context." + g.Name()
			}
		})
	}
	return l
}

// around returns the product of the retry sites of info's function whose
// attempt holds call, and whether one of them spends a retry budget.
func (b *builder) around(info *funcInfo, call *ast.CallExpr) (Count, bool) {
	m, budget := One, false
	for _, s := range b.sites[info.pkg] {
		if s.spin || s.node.Pos() < info.decl.Pos() || s.node.End() > info.decl.End() ||
			call.Pos() < s.attempt.Pos() || call.Pos() >= s.attempt.End() {
			continue
		}
		m = m.Mul(s.bound)
		budget = budget || b.budgeted(info, s)
	}
	return m, budget
}

// hasSites reports whether info's function holds a retry site.
func (b *builder) hasSites(info *funcInfo) bool {
	for _, s := range b.sites[info.pkg] {
		if !s.spin && info.decl.Pos() <= s.node.Pos() && s.node.End() <= info.decl.End() {
			return true
		}
	}
	return false
}

// retryPkg is retrylint's runtime retry library.
const retryPkg = "github.com/retrylint/retrylint/retry"

// budgeted reports whether s is a call of retry.Do or retry.DoValue whose
// Policy, a literal there or in a variable of info's function, sets a
// Budget.
func (b *builder) budgeted(info *funcInfo, s site) bool {
	call, ok := s.node.(*ast.CallExpr)
	if !ok || s.runner == nil || s.runner.Pkg() == nil || s.runner.Pkg().Path() != retryPkg || len(call.Args) < 2 {
		return false
	}
	e := ast.Unparen(call.Args[1])
	if id, ok := e.(*ast.Ident); ok {
		decl, ok := b.find(info)
		if !ok {
			return false
		}
		e = valueOf(info.pkg.TypesInfo, decl, info.pkg.TypesInfo.Uses[id])
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Budget" {
				v, isIdent := ast.Unparen(kv.Value).(*ast.Ident)
				return !isIdent || v.Name != "nil"
			}
		}
	}
	return false
}

// valueOf returns the expression that declares obj in decl (v := x, var v
// = x), nil if there is none.
func valueOf(info *types.Info, decl inspector.Cursor, obj types.Object) ast.Expr {
	if obj == nil {
		return nil
	}
	for cur := range decl.Preorder((*ast.AssignStmt)(nil), (*ast.ValueSpec)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && info.Defs[id] == obj {
						return ast.Unparen(n.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, id := range n.Names {
					if info.Defs[id] == obj {
						return ast.Unparen(n.Values[i])
					}
				}
			}
		}
	}
	return nil
}

// follow turns fn's ReachesFact into a path: each link of its chain
// becomes a layer, whose attempts are those of the retry sites around its
// call of the next link or, where the next link has a fact of its own,
// the quotient of the two facts' products; the last layer makes what is
// left of the product. A retry runner (retry.Do, backoff.Retry) is a layer
// whose attempts are its site's, and whose call of the next link is in the
// operation handed to it, in the caller's body.
func (b *builder) follow(fn *types.Func, f *nestedretry.ReachesFact) path {
	layers := []Layer{b.layer(fn)}
	rem := countOf(f)
	cur, dispatch := fn, false
	var run *runnerAt // cur is a runner called there
	for _, link := range f.Chain {
		last := &layers[len(layers)-1]
		if link.Name == "..." {
			// The middle of a long chain, left out of the fact.
			last.Attempts = Count{}
			if info := b.funcs[cur]; info != nil && !b.hasSites(info) {
				last.Attempts = One
			}
			rem = rem.Div(last.Attempts)
			layers = append(layers, Layer{Name: "...", Attempts: One})
			cur, dispatch, run = nil, false, nil
			continue
		}
		next, iface := b.resolve(link)
		var m Count
		budget := false
		var nextRun *runnerAt
		switch {
		case dispatch:
			m = One // the interface method's implementation follows
		case run != nil:
			m, budget, nextRun = b.aroundLink(run.info, run.site.attempt, link, next)
			m = m.Div(run.outer)
		case cur == nil:
			m = Count{}
		default:
			if info := b.funcs[cur]; info != nil {
				m, budget, nextRun = b.aroundLink(info, nil, link, next)
			}
		}
		if nf := b.reach[next]; nf != nil && !iface && !dispatch && cur != nil && nextRun == nil {
			if q := rem.Div(countOf(nf)); q.Finite() || m.Kind == Unknown {
				m = q
				if m.Finite() {
					m.Kind = Known
				}
			}
		}
		if rem.Finite() && !m.Finite() {
			// nestedretry's product has a count, so it did not count the
			// site found around the call: the site gives up on that
			// failure at once, or spins without waiting.
			m = One
		}
		last.Attempts, last.Budget = m, last.Budget || budget
		rem = rem.Div(m)
		l := Layer{Package: link.PkgPath, PkgName: link.PkgName, Name: link.Name, Attempts: One, Interface: iface}
		if next != nil && !iface {
			l = b.layer(next)
		}
		layers = append(layers, l)
		if nextRun != nil && run != nil {
			nextRun.outer = nextRun.outer.Mul(run.outer)
		}
		cur, dispatch, run = next, iface, nextRun
	}
	layers[len(layers)-1].Attempts = rem
	return path{layers: layers, calls: countOf(f), within: f.Within, fact: true}
}

// runnerAt is a call of a retry runner: the site it makes, in the function
// of info, and the product of the sites around the call.
type runnerAt struct {
	info  *funcInfo
	site  site
	outer Count
}

// resolve finds the function a link names, and whether it is an interface
// method; nil for a client operation, or a function out of sight.
func (b *builder) resolve(l nestedretry.Link) (*types.Func, bool) {
	if l.PkgPath == "" {
		return nil, false
	}
	if fn := b.links[linkKey{l.PkgPath, l.Name}]; fn != nil {
		return fn, false
	}
	// "Store.Put": a method of an interface type.
	tname, mname, ok := strings.Cut(l.Name, ".")
	pkg := b.pkgs[l.PkgPath]
	if !ok || pkg == nil {
		return nil, false
	}
	tn, ok := pkg.Scope().Lookup(tname).(*types.TypeName)
	if !ok {
		return nil, false
	}
	iface, ok := tn.Type().Underlying().(*types.Interface)
	if !ok {
		return nil, false
	}
	for m := range iface.Methods() {
		if m.Name() == mname {
			return m, true
		}
	}
	return nil, false
}

// aroundLink returns the retry sites' product around the call of the
// link in info's function (within only that node, if not nil; the
// largest, if it calls it more than once): the function next, or a client
// operation named "pkg.Type.Method" or "pkg.Func"; and, when that call
// is a retry runner's, where it runs. Where no call is found, a function
// without retry sites passes the call through, and one with some makes an
// unknown number of attempts.
func (b *builder) aroundLink(info *funcInfo, within ast.Node, l nestedretry.Link, next *types.Func) (Count, bool, *runnerAt) {
	if info.decl.Body == nil {
		return Count{}, false, nil
	}
	first, _, _ := strings.Cut(l.Name, ".")
	last := l.Name[strings.LastIndex(l.Name, ".")+1:]
	var best Count
	var budget, found bool
	var run *runnerAt
	b.calls(info, func(call *ast.CallExpr, g *types.Func) {
		switch {
		case within != nil && (call.Pos() < within.Pos() || call.End() > within.End()):
			return
		case next != nil && g != next:
			return
		case next == nil && (g.Pkg() == nil || g.Pkg().Name() != first || g.Name() != last):
			return
		}
		m, bud := b.around(info, call)
		if !found || m.Rank() > best.Rank() {
			best, budget, found, run = m, bud, true, nil
			for _, s := range b.sites[info.pkg] {
				if s.node == ast.Node(call) && s.runner == next {
					run = &runnerAt{info: info, site: s, outer: m}
				}
			}
		}
	})
	if found {
		return best, budget, run
	}
	if within == nil && !b.hasSites(info) {
		return One, false, nil
	}
	return Count{}, false, nil
}
