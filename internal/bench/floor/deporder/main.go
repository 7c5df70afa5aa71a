// Command deporder measures the driver issue 18 leaves open: one process
// that type-checks a module's whole graph in dependency order, the standard
// library from export data (no analyzer derives anything from it:
// analyzers.FactFree) and every other package from source, and lets each
// package's syntax and types.Info go once it is checked, where an analysis
// driver would run the analyzers on them and keep only the package's types
// and facts. It runs no analyzer, so its cost is the least such a driver
// could cost, beside the fact floor (which type-checks everything from
// source and holds it all to the end) and go vet's protocol (a process per
// package, each importing its dependencies' export data again).
//
//	deporder [-test=true] packages...
//
// It fails on a type error, so that a fast run cannot be a broken one.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"log"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("deporder: ")
	tests := flag.Bool("test", true, "include test variants, as the checkers do")
	flag.Parse()
	mode := packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
		packages.NeedDeps | packages.NeedModule | packages.NeedTypesSizes
	roots, err := packages.Load(&packages.Config{Mode: mode, Tests: *tests}, flag.Args()...)
	if err != nil {
		log.Fatal(err)
	}
	var all []*packages.Package
	packages.Visit(roots, nil, func(p *packages.Package) { all = append(all, p) })
	exports, err := stdExports(all)
	if err != nil {
		log.Fatal(err)
	}

	c := &checker{fset: token.NewFileSet(), std: make(map[string]*types.Package), done: make(map[*packages.Package]*result)}
	for _, p := range all {
		c.done[p] = &result{ready: make(chan struct{})}
	}
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for _, p := range all {
		wg.Go(func() {
			r := c.done[p]
			defer close(r.ready)
			for _, d := range p.Imports {
				<-c.done[d].ready
			}
			slots <- struct{}{}
			defer func() { <-slots }()
			if export, ok := exports[p.PkgPath]; ok && isStd(p) {
				r.pkg, r.err = c.importStd(p.PkgPath, export)
			} else {
				r.pkg, r.err = c.check(p)
			}
		})
	}
	wg.Wait()
	fromSource, failed := 0, 0
	for _, p := range all {
		if r := c.done[p]; r.err != nil {
			log.Printf("%s: %v", p.ID, r.err)
			failed++
		}
		if _, ok := exports[p.PkgPath]; !ok || !isStd(p) {
			fromSource++
		}
	}
	fmt.Printf("%d packages: %d type-checked from source, %d from export data\n", len(all), fromSource, len(all)-fromSource)
	if failed > 0 {
		os.Exit(1)
	}
}

// isStd reports whether p is a standard package (go list gives no module).
func isStd(p *packages.Package) bool { return p.Module == nil && p.PkgPath != "unsafe" }

// stdExports returns the export data file of each standard package of the
// graph, from one go list run (which compiles what the build cache lacks).
func stdExports(all []*packages.Package) (map[string]string, error) {
	var paths []string
	for _, p := range all {
		if isStd(p) {
			paths = append(paths, p.PkgPath)
		}
	}
	exports := make(map[string]string)
	if len(paths) == 0 {
		return exports, nil
	}
	out, err := exec.Command("go", append([]string{"list", "-export", "-f", "{{.ImportPath}} {{.Export}}"}, paths...)...).Output()
	if err != nil {
		return nil, fmt.Errorf("go list -export: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), " "); ok && file != "" {
			exports[path] = file
		}
	}
	return exports, sc.Err()
}

type result struct {
	ready chan struct{} // closed when pkg and err are set
	pkg   *types.Package
	err   error
}

type checker struct {
	fset *token.FileSet
	mu   sync.Mutex // guards std: export data readers share it, so a standard package has one *types.Package
	std  map[string]*types.Package
	done map[*packages.Package]*result
}

func (c *checker) importStd(path, export string) (*types.Package, error) {
	f, err := os.Open(export)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return gcexportdata.Read(r, c.fset, c.std, path)
}

// check parses and type-checks p from source, with the types.Info an
// analysis pass gets, and keeps only the package's types.
func (c *checker) check(p *packages.Package) (*types.Package, error) {
	if p.PkgPath == "unsafe" {
		return types.Unsafe, nil
	}
	var files []*ast.File
	for _, name := range p.CompiledGoFiles {
		f, err := parser.ParseFile(c.fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
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
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			d := p.Imports[path]
			if d == nil {
				return nil, fmt.Errorf("%s does not import %q", p.ID, path)
			}
			return c.done[d].pkg, c.done[d].err
		}),
		Sizes: p.TypesSizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	return conf.Check(p.PkgPath, c.fset, files, info)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
