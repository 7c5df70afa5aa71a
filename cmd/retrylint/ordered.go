package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// A standalone run analyses in this process, in dependency order
// (analyseInOrder). go list gives the package graph, without types; each
// package is then parsed, type-checked and analysed as soon as its
// dependencies are done, several at once, and its syntax and types.Info are
// dropped when its analysis is over: what stays are its types, which the
// packages that import it are checked against, and its facts. The standard
// library, from which no analyzer derives anything (analyzers.FactFree), is
// read from the export data the go command keeps, and never parsed. Each
// package's findings and facts are kept in a result cache (cache.go) under
// a key of everything they depend on, so a repeated run over an unchanged
// tree analyses nothing, and after an edit only the edited package and those
// that import it are analysed again (the others are type-checked, for the
// types of those analysed, and their facts read from the cache).
//
// Why this and not go vet's protocol, which a standalone run used before:
// go vet runs the tool once per package, in a process of its own that
// imports all of its dependencies' export data again and decodes their
// facts; on restic those parts alone cost twice the CPU of type-checking the
// whole graph once, whatever the analyzers do. docs/performance.md has the
// figures.
//
// x/tools' checker (analyseHere) remains for a graph with errors (a package
// that does not load, parse or type-check), so that the errors printed and
// what is analysed despite them are what retrylint has always given, and for
// RETRYLINT_INPROCESS=1, which the tests and internal/bench compare against.

// analyseInOrder analyses the packages opts name, in dependency order. A nil
// outcome means the graph has an error and x/tools' checker is to run
// instead: nothing was printed.
func analyseInOrder(opts *options) *outcome {
	if os.Getenv("RETRYLINT_INPROCESS") == "1" {
		return nil
	}
	restore := tuneDriverGC()
	defer restore()
	g, ok := loadGraph(opts)
	if !ok {
		return nil
	}
	var cache *resultCache
	if opts.builtin {
		cache = openCache()
	}
	if !g.plan(opts, cache) {
		return nil
	}
	if !g.run() {
		return nil
	}
	return g.outcome()
}

// The driver holds the heap to a soft limit: the types of a large graph's
// packages stay to the end, and with the collector's default the heap would
// grow to twice what is live (on prometheus, over 2.5 GB). Below it, the
// collector runs less often than by default, since a run is short and most
// of what it allocates (syntax, types.Info) is dropped package by package.
// Measured on prometheus (docs/performance.md): a limit of 1.5 GiB made the
// collector take a third of the CPU. A GOGC or GOMEMLIMIT the user sets is
// theirs.
const (
	driverMemoryLimit = 2 << 30
	driverGCPercent   = 200
)

// tuneDriverGC applies the driver's collector settings and returns what
// undoes them.
func tuneDriverGC() (restore func()) {
	var undo []func()
	if os.Getenv("GOMEMLIMIT") == "" {
		old := debug.SetMemoryLimit(driverMemoryLimit)
		undo = append(undo, func() { debug.SetMemoryLimit(old) })
	}
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(driverGCPercent)
		undo = append(undo, func() { debug.SetGCPercent(old) })
	}
	return func() {
		for _, f := range undo {
			f()
		}
	}
}

// A graph is the packages of a run, each a node, in dependency order.
type graph struct {
	nodes  []*node // dependencies before the packages that import them
	roots  []*node // the packages named, whose findings are reported
	byPkg  map[*packages.Package]*node
	global []byte // what every key holds: the tool, the go command, the flags

	analyzers *analyzerSet

	mu      sync.Mutex
	byTypes map[*types.Package]*node  // guarded by mu
	std     map[string]*types.Package // guarded by mu: export data readers share it
	fset    *token.FileSet
	log     string            // RETRYLINT_VETLOG: where to list what was analysed
	cache   *resultCache      // nil: none
	digests map[string][]byte // of the files parsed, as the keys hold them
}

// A node is one package of the graph (a package and its test variant are
// two).
type node struct {
	p     *packages.Package
	index int
	root  bool
	deps  []*node // its direct imports
	reach bitset  // the nodes it depends on, directly or not

	// fromSource: parsed and type-checked; otherwise its types are read
	// from the go command's export data (a standard package that depends
	// on nothing analysed).
	fromSource bool
	key        cacheKey
	work       work
	cached     *cacheEntry // the entry read, for work == useCache
	changed    bool        // a file of it or of a dependency changed between the key and the parse
	export     string      // the export data file, for work == importExport

	ready   chan struct{} // closed when the fields below are set
	pkg     *types.Package
	err     error
	facts   *factStore
	results map[*analysis.Analyzer]*actionResult
	sizes   map[string]int // of the files its fixes edit, as parsed
}

// What a run does with a node.
type work int

const (
	skip         work = iota // nothing needs it
	importExport             // read its types from export data
	typesOnly                // type-check it (a fact-free dependency)
	useCache                 // type-check it and read its facts from the cache
	analyseFacts             // analyse it for its facts (a dependency)
	analyseAll               // analyse it for its findings too (a root)
)

// loadGraph lists the packages opts name and their dependencies. ok is false
// when the listing failed or a package has an error.
func loadGraph(opts *options) (*graph, bool) {
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes
	cfg := &packages.Config{Mode: mode, Tests: opts.tests}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	roots, err := packages.Load(cfg, opts.args...)
	if err != nil || len(roots) == 0 {
		return nil, false
	}
	g := &graph{
		byPkg:     make(map[*packages.Package]*node),
		byTypes:   make(map[*types.Package]*node),
		std:       make(map[string]*types.Package),
		fset:      token.NewFileSet(),
		analyzers: newAnalyzerSet(opts.analyzers),
		log:       os.Getenv("RETRYLINT_VETLOG"),
	}
	failed := false
	packages.Visit(roots, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 || p.Module != nil && p.Module.Error != nil {
			failed = true
		}
		n := &node{p: p, index: len(g.nodes), ready: make(chan struct{})}
		g.nodes = append(g.nodes, n)
		g.byPkg[p] = n
	})
	if failed {
		return nil, false
	}
	for _, p := range roots {
		n := g.byPkg[p]
		n.root = true
		g.roots = append(g.roots, n)
	}
	for _, n := range g.nodes {
		n.reach = newBitset(len(g.nodes))
		for _, path := range slices.Sorted(maps.Keys(n.p.Imports)) {
			d := g.byPkg[n.p.Imports[path]]
			n.deps = append(n.deps, d)
			n.reach.set(d.index)
			n.reach.or(d.reach)
		}
		n.fromSource = !isStd(n.p) || n.root ||
			slices.ContainsFunc(n.deps, func(d *node) bool { return d.fromSource })
	}
	return g, true
}

// isStd reports whether p is a package of the standard library: go list
// gives it no module (nor a package of GOPATH mode, hence the path too).
func isStd(p *packages.Package) bool {
	return p.Module == nil && p.PkgPath != "unsafe" && analyzers.FactFree(p.PkgPath)
}

// plan decides what the run does with each node: the roots whose findings
// the cache holds are done; the others are analysed, and what they depend
// on is type-checked, with its facts from the cache or from an analysis.
// ok is false when the export data of the standard library cannot be had.
func (g *graph) plan(opts *options, cache *resultCache) bool {
	g.global = globalKey(opts)
	g.computeKeys()
	lookup := func(n *node, full bool) *cacheEntry {
		if cache == nil {
			return nil
		}
		return cache.get(n.key, full)
	}
	need := make([]bool, len(g.nodes))
	for _, n := range g.roots {
		if n.cached = lookup(n, true); n.cached != nil {
			n.work = useCache
		} else {
			n.work = analyseAll
			need[n.index] = true
		}
	}
	for _, n := range slices.Backward(g.nodes) {
		if !need[n.index] {
			continue
		}
		for _, d := range n.deps {
			need[d.index] = true
		}
		if n.work != skip {
			continue
		}
		switch {
		case !n.fromSource:
			n.work = importExport
		case analyzers.FactFree(n.p.PkgPath) || n.p.PkgPath == "unsafe":
			n.work = typesOnly
		default:
			if n.cached = lookup(n, false); n.cached != nil {
				n.work = useCache
			} else {
				n.work = analyseFacts
			}
		}
	}
	// A root read from the cache needs nothing else unless it is also a
	// dependency of a root analysed.
	for _, n := range g.roots {
		if n.work == useCache && !need[n.index] {
			n.work = skip
		}
	}
	g.cache = cache
	return g.findExports()
}

// findExports finds the export data of the nodes read from it, with one go
// list (which compiles what the build cache lacks).
func (g *graph) findExports() bool {
	var paths []string
	for _, n := range g.nodes {
		if n.work == importExport {
			paths = append(paths, n.p.PkgPath)
		}
	}
	if len(paths) == 0 {
		return true
	}
	slices.Sort(paths)
	paths = slices.Compact(paths)
	out, err := exec.Command("go", append([]string{"list", "-export", "-f", "{{.ImportPath}} {{.Export}}"}, paths...)...).Output()
	if err != nil {
		return false
	}
	exports := make(map[string]string)
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), " "); ok && file != "" {
			exports[path] = file
		}
	}
	for _, n := range g.nodes {
		if n.work == importExport {
			if n.export = exports[n.p.PkgPath]; n.export == "" {
				return false
			}
		}
	}
	return true
}

// run does the work planned, each node once its dependencies are done, as
// many at once as there are CPUs. ok is false when a package failed to
// parse or type-check.
func (g *graph) run() (ok bool) {
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, n := range g.nodes {
		if n.work == skip {
			close(n.ready)
			continue
		}
		wg.Go(func() {
			defer close(n.ready)
			for _, d := range n.deps {
				<-d.ready
				if d.err != nil {
					n.err = d.err
					return
				}
			}
			slots <- struct{}{}
			defer func() { <-slots }()
			n.err = g.do(n)
		})
	}
	wg.Wait()
	return !slices.ContainsFunc(g.nodes, func(n *node) bool { return n.err != nil })
}

// do does a node's work.
func (g *graph) do(n *node) error {
	n.changed = slices.ContainsFunc(n.deps, func(d *node) bool { return d.changed })
	if n.work == importExport {
		pkg, err := g.importExport(n)
		n.pkg = pkg
		return err
	}
	files, info, err := g.check(n)
	if err != nil {
		return err
	}
	g.mu.Lock()
	g.byTypes[n.pkg] = n
	g.mu.Unlock()
	switch n.work {
	case useCache:
		n.facts = n.cached.factStore(g.analyzers, n.pkg)
	case analyseFacts, analyseAll:
		g.analyse(n, files, info)
	}
	return nil
}

// importExport reads a node's types from the go command's export data.
func (g *graph) importExport(n *node) (*types.Package, error) {
	f, err := os.Open(n.export)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return gcexportdata.Read(r, g.fset, g.std, n.p.PkgPath)
}

// check parses and type-checks a node from source, as go/packages does for
// x/tools' checker, and sets its types. An error is the first error of the
// package.
func (g *graph) check(n *node) ([]*ast.File, *types.Info, error) {
	if n.p.PkgPath == "unsafe" {
		n.pkg = types.Unsafe
		return nil, nil, nil
	}
	files := make([]*ast.File, 0, len(n.p.CompiledGoFiles))
	for _, name := range n.p.CompiledGoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		// A file changed since the key was made: the results are not
		// those of the key, and are not kept.
		if sum := sha256.Sum256(src); !bytes.Equal(sum[:], g.digests[name]) {
			n.changed = true
		}
		f, err := parser.ParseFile(g.fset, name, src, parser.AllErrors|parser.ParseComments)
		if err != nil {
			return nil, nil, err
		}
		files = append(files, f)
	}
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:       make(map[ast.Node]*types.Scope),
		FileVersions: make(map[*ast.File]string),
	}
	var firstErr error
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			d := g.byPkg[n.p.Imports[path]]
			if d == nil {
				return nil, fmt.Errorf("%s does not import %q", n.p.ID, path)
			}
			return d.pkg, nil
		}),
		Sizes: n.p.TypesSizes,
		Error: func(err error) {
			if firstErr == nil {
				firstErr = err
			}
		},
	}
	if m := n.p.Module; m != nil && m.GoVersion != "" {
		conf.GoVersion = "go" + m.GoVersion
	}
	pkg, _ := conf.Check(n.p.PkgPath, g.fset, files, info)
	if firstErr != nil {
		return nil, nil, firstErr
	}
	n.pkg = pkg
	return files, info, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// outcome gives the findings of the roots and the errors of every analysis.
func (g *graph) outcome() *outcome {
	out := &outcome{tree: make(jsonTree), sizes: make(map[string]int)}
	seen := make(map[string]bool)
	for _, n := range g.nodes {
		if n.root && n.cached != nil && (n.work == useCache || n.work == skip) {
			n.cached.addTo(out.tree, n.p.ID)
			for name, size := range n.cached.Sizes {
				out.sizes[name] = size
			}
			continue
		}
		for _, a := range g.analyzers.order {
			res := n.results[a]
			if res == nil {
				continue
			}
			if res.err != nil {
				out.failed = true
				out.tree.add(n.p.ID, a.Name, &jsonResult{err: &jsonError{res.err.Error()}})
				line := fmt.Sprintf("retrylint: %s failed on %s: %v", a.Name, n.p.ID, res.err)
				if !res.prerequisiteFailed && !seen[line] {
					seen[line] = true
					out.errs = append(out.errs, line)
				}
				continue
			}
			if n.root && len(res.diags) > 0 {
				out.tree.add(n.p.ID, a.Name, &jsonResult{diags: res.diags})
			}
		}
		for name, size := range n.sizes {
			out.sizes[name] = size
		}
	}
	return out
}

// A bitset is a set of node indexes.
type bitset []uint64

func newBitset(n int) bitset    { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) or(other bitset) {
	for i := range b {
		b[i] |= other[i]
	}
}
