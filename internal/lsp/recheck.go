package lsp

import (
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"

	"golang.org/x/tools/go/packages"
)

// A full load type-checks every dependency from source (the analyzers'
// facts need their syntax), which takes seconds for a package that imports
// net/http. While the user types, the dependencies do not change: the
// loader keeps the last graphs it loaded and, when only the root package's
// own files changed, type-checks just those against the kept dependencies;
// the fact driver (facts.go) keeps the facts of those dependencies, so that
// the analyzers run on the root alone.

// graph is a loaded root package; its Imports reach the dependencies.
type graph struct {
	root    *packages.Package
	depsKey string // what the dependencies were loaded from, see depsKey

	once   sync.Once
	byPath map[string]*packages.Package // every dependency, by package path
}

// dep returns the dependency with import path p, direct or not: an edit
// that adds an import of a package already in the graph (a fix adding
// "time" to a file that imports net/http) needs no load. Test variants are
// left out: only a load knows which variant an import means.
func (g *graph) dep(p string) *packages.Package {
	g.once.Do(func() {
		g.byPath = make(map[string]*packages.Package)
		packages.Visit([]*packages.Package{g.root}, nil, func(d *packages.Package) {
			if d != g.root && d.ID == d.PkgPath {
				g.byPath[d.PkgPath] = d
			}
		})
	})
	return g.byPath[p]
}

type keyedGraph struct {
	runKey string
	graph  *graph
}

// keepGraphs bounds the memory held by kept graphs (each holds the typed
// syntax of all its dependencies, and the driver their facts).
const keepGraphs = 3

func (l *loader) remember(runKey string, g *graph) {
	l.mu.Lock()
	defer l.mu.Unlock()
	graphs := []*keyedGraph{{runKey, g}}
	for _, kg := range l.graphs {
		if kg.runKey != runKey && len(graphs) < keepGraphs {
			graphs = append(graphs, kg)
		}
	}
	l.graphs = graphs
}

// keptRoots returns the root packages of the kept graphs: the driver keeps
// the facts of their dependencies only.
func (l *loader) keptRoots() []*packages.Package {
	l.mu.Lock()
	defer l.mu.Unlock()
	roots := make([]*packages.Package, len(l.graphs))
	for i, kg := range l.graphs {
		roots[i] = kg.graph.root
	}
	return roots
}

func (l *loader) graphFor(runKey string) *graph {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, kg := range l.graphs {
		if kg.runKey == runKey {
			return kg.graph
		}
	}
	return nil
}

// depsKey identifies what, besides the files on disk (whose changes arrive
// as didSave and drop every graph), the dependencies of root were loaded
// from: the Go files in path's directory, and the open buffers that are not
// root's own files.
func depsKey(path string, root *packages.Package, overlay map[string][]byte) string {
	h := sha256.New()
	dir := filepath.Dir(path)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if filepath.Ext(e.Name()) == ".go" {
			fmt.Fprintf(h, "%s\x00", e.Name())
		}
	}
	for _, name := range slices.Sorted(maps.Keys(overlay)) {
		if !slices.Contains(root.CompiledGoFiles, name) {
			fmt.Fprintf(h, "%s\x00%x\x00", name, sha256.Sum256(overlay[name]))
		}
	}
	return string(h.Sum(nil))
}

// recheck analyses path's package by type-checking its files against the
// dependencies of the kept graph. It returns nil, nil when that is not
// possible and a full load is needed: no graph, changed dependencies, a new
// import, cgo.
func (l *loader) recheck(path string, overlay map[string][]byte) (*result, error) {
	g := l.graphFor(runKey(path))
	if g == nil || g.depsKey != depsKey(path, g.root, overlay) {
		return nil, nil
	}
	root := g.root
	if !slices.Equal(root.GoFiles, root.CompiledGoFiles) || !slices.Contains(root.CompiledGoFiles, path) {
		return nil, nil // cgo rewrites files, which only go/packages knows how to do
	}

	sources := newSourceSet()
	var errs []packages.Error
	for _, e := range root.Errors {
		if e.Kind == packages.ListError {
			errs = append(errs, e)
		}
	}
	imports := maps.Clone(root.Imports)
	var files []*ast.File
	for _, name := range root.CompiledGoFiles {
		src, ok := overlay[name]
		if !ok {
			var err error
			if src, err = os.ReadFile(name); err != nil {
				return nil, nil
			}
		}
		sources.add(name, src)
		f, err := l.parsed.parse(name, src)
		if f == nil {
			return nil, nil
		}
		if list, ok := err.(scanner.ErrorList); ok {
			for _, e := range list {
				errs = append(errs, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		}
		for _, imp := range f.Imports {
			p, err := strconv.Unquote(imp.Path.Value)
			if err != nil || p == "unsafe" || imports[p] != nil {
				continue
			}
			dep := g.dep(p)
			if dep == nil || p == "C" {
				return nil, nil // a package new to the graph: only a load finds it
			}
			imports[p] = dep
		}
		files = append(files, f)
	}
	l.parsed.sweep()

	pkg := *root
	pkg.Imports = imports
	pkg.Syntax = files
	pkg.Types = types.NewPackage(root.PkgPath, root.Name)
	pkg.TypesInfo = &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
	pkg.TypeErrors = nil
	// The configuration go/packages uses for a package loaded from source.
	conf := &types.Config{
		Importer: importerFunc(func(p string) (*types.Package, error) {
			if p == "unsafe" {
				return types.Unsafe, nil
			}
			if ip := imports[p]; ip != nil && ip.Types != nil {
				return ip.Types, nil
			}
			return nil, fmt.Errorf("no metadata for %s", p)
		}),
		Sizes: root.TypesSizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				pkg.TypeErrors = append(pkg.TypeErrors, te)
				errs = append(errs, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
			}
		},
	}
	if root.Module != nil && root.Module.GoVersion != "" {
		conf.GoVersion = "go" + root.Module.GoVersion
	}
	_ = types.NewChecker(conf, root.Fset, pkg.Types, pkg.TypesInfo).Files(files) // errors went to conf.Error
	pkg.Errors = errs
	pkg.IllTyped = len(errs) > 0
	for _, ip := range imports {
		pkg.IllTyped = pkg.IllTyped || ip.IllTyped
	}
	res, err := l.check(path, &pkg, sources, overlay)
	if res != nil {
		res.how = "rechecked"
	}
	return res, err
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
