package lsp

import (
	"context"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// finding is one published diagnostic with the quick fixes built from its
// suggested fixes.
type finding struct {
	diag    protocol.Diagnostic
	actions []protocol.CodeAction
}

// result is the outcome of analysing one package: the findings of each of
// its files (an empty list clears a file).
type result struct {
	files map[string]*fileResult
	how   string // "cached" (nothing changed), "rechecked" (only the package's files changed) or "loaded"
}

// loader loads packages with go/packages and runs the analyzers on them
// (facts.go: what go/analysis/checker does, keeping the dependencies'
// facts), one package at a time (the machine's cores go to the type
// checker), remembering each package's last result and the parsed files so
// that an unchanged package or file is not processed again.
type loader struct {
	analyzers []*analysis.Analyzer
	mode      packages.LoadMode
	sem       chan struct{}
	driver    *factDriver // used only while holding sem

	mu      sync.Mutex
	results map[string][]*keyedResult // by runKey, the last keepResults, newest first
	graphs  []*keyedGraph             // the last loaded package graphs, newest first
	parsed  *parseCache
}

// keepResults is how many results of one package are kept: enough for an
// edit and its undo.
const keepResults = 4

type keyedResult struct {
	key string
	res *result
}

// newLoader returns a loader of analyzers; factFree, if not nil, names the
// packages (by import path) on which no analyzer derives a fact, which are
// then not analysed as dependencies.
func newLoader(analyzers []*analysis.Analyzer, factFree func(importPath string) bool) *loader {
	// An analyzer that has facts runs on every dependency of the root
	// package, reading the dependency's Syntax and TypesInfo.
	// A dependency loaded from export data has neither, so the analyzer
	// sees no code there and exports no facts: facts are only right when
	// every package is loaded from source (what multichecker does too).
	mode := packages.LoadSyntax
	if needFacts(analyzers) {
		mode = packages.LoadAllSyntax
	}
	return &loader{
		analyzers: analyzers,
		mode:      mode | packages.NeedModule,
		sem:       make(chan struct{}, 1),
		driver:    newFactDriver(analyzers, factFree),
		results:   make(map[string][]*keyedResult),
		parsed:    newParseCache(),
	}
}

// needFacts reports whether any of the analyzers, or any they require,
// uses facts.
func needFacts(analyzers []*analysis.Analyzer) bool {
	seen := make(map[*analysis.Analyzer]bool)
	var visit func([]*analysis.Analyzer) bool
	visit = func(as []*analysis.Analyzer) bool {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			if len(a.FactTypes) > 0 || visit(a.Requires) {
				return true
			}
		}
		return false
	}
	return visit(analyzers)
}

// saved drops what a change on disk of the file path may have made stale:
// every result (path may be imported by any package), and the graphs that
// hold path as a dependency. A graph whose root owns path stays: a recheck
// reads the root's files anew.
func (l *loader) saved(path string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	clear(l.results)
	l.graphs = slices.DeleteFunc(l.graphs, func(kg *keyedGraph) bool {
		stale := false
		deps := slices.Collect(maps.Values(kg.graph.root.Imports))
		packages.Visit(deps, func(p *packages.Package) bool {
			stale = stale || slices.Contains(p.CompiledGoFiles, path)
			return !stale
		}, nil)
		return stale
	})
}

// analyze returns the findings for the package of path, with overlay (file
// path to content) standing in for the files on disk.
func (l *loader) analyze(ctx context.Context, path string, overlay map[string][]byte) (*result, error) {
	select {
	case l.sem <- struct{}{}:
		defer func() { <-l.sem }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}

	rk := runKey(path)
	key := contentKey(path, overlay)
	l.mu.Lock()
	for _, prev := range l.results[rk] {
		if prev.key == key {
			l.mu.Unlock()
			return &result{files: prev.res.files, how: "cached"}, nil
		}
	}
	l.mu.Unlock()

	res, err := l.recheck(path, overlay)
	if res == nil && err == nil {
		res, err = l.load(ctx, path, overlay)
	}
	if err != nil {
		return nil, err
	}
	if res.how == "" {
		res.how = "loaded"
	}
	l.mu.Lock()
	kept := append([]*keyedResult{{key: key, res: res}}, l.results[rk]...)
	l.results[rk] = kept[:min(len(kept), keepResults)]
	l.mu.Unlock()
	return res, nil
}

// contentKey identifies what an analysis of path's package reads that can
// change while the server runs: the Go files of its directory (an open
// buffer's text, or the file's size and time on disk) and every other open
// buffer, which may be a dependency.
func contentKey(path string, overlay map[string][]byte) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", runKey(path))
	dir := filepath.Dir(path)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		name := filepath.Join(dir, e.Name())
		if filepath.Ext(name) != ".go" || overlay[name] != nil {
			continue
		}
		if info, err := e.Info(); err == nil {
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", name, info.Size(), info.ModTime().UnixNano())
		}
	}
	for _, name := range slices.Sorted(maps.Keys(overlay)) {
		fmt.Fprintf(h, "%s\x00%x\x00", name, sha256.Sum256(overlay[name]))
	}
	return string(h.Sum(nil))
}

// load loads path's package and its dependencies and analyses it.
func (l *loader) load(ctx context.Context, path string, overlay map[string][]byte) (*result, error) {
	sources := newSourceSet()
	cfg := &packages.Config{
		Context: ctx,
		Mode:    l.mode,
		Dir:     filepath.Dir(path),
		Overlay: overlay,
		Tests:   isTestFile(path) != "",
		Fset:    l.parsed.fset,
		ParseFile: func(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
			sources.add(filename, src)
			return l.parsed.parse(filename, src)
		},
	}
	pkgs, err := packages.Load(cfg, "file="+path)
	if err != nil {
		return nil, fmt.Errorf("loading: %w", err)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	l.parsed.sweep()
	pkg := rootPackage(pkgs, path)
	if pkg == nil {
		// Not part of any package the build sees (build tags, outside a module).
		return &result{files: map[string]*fileResult{path: {text: overlayOrDisk(path, overlay)}}}, nil
	}
	l.remember(runKey(path), &graph{root: pkg, depsKey: depsKey(path, pkg, overlay)})
	return l.check(path, pkg, sources, overlay)
}

// check runs the analyzers on pkg, whose files were parsed from sources.
func (l *loader) check(path string, pkg *packages.Package, sources *sourceSet, overlay map[string][]byte) (_ *result, err error) {
	res := &result{files: map[string]*fileResult{path: {text: overlayOrDisk(path, overlay)}}}
	for _, file := range pkg.GoFiles {
		if text, ok := sources.get(file); ok {
			res.files[file] = &fileResult{text: text}
		}
	}
	// Broken code is expected while typing: the driver skips the
	// analyzers that cannot run on an ill-typed package, and the others
	// report what they still can.
	//
	// An analyzer that panics must not take the editor's server with it.
	// The driver runs every analyzer on this goroutine, where the panic
	// can be recovered.
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("analyzer panic: %v\n%s", r, debug.Stack())
		}
	}()
	l.driver.retain(append(l.keptRoots(), pkg))
	roots, err := l.driver.analyze(pkg)
	if err != nil {
		return nil, err
	}
	conv := converter{fset: pkg.Fset, sources: sources, overlay: overlay}
	for _, act := range roots {
		for _, d := range act.diagnostics {
			file, f, ok := conv.finding(act.analyzer, d)
			if !ok {
				continue
			}
			fr := res.files[file]
			if fr == nil {
				continue // a file outside the package's own Go files (cgo output)
			}
			fr.findings = append(fr.findings, f)
		}
	}
	for _, fr := range res.files {
		slices.SortStableFunc(fr.findings, func(a, b finding) int {
			if before(a.diag.Range.Start, b.diag.Range.Start) {
				return -1
			}
			if before(b.diag.Range.Start, a.diag.Range.Start) {
				return 1
			}
			return 0
		})
	}
	return res, nil
}

// rootPackage picks, among the packages that contain path, the one whose
// analysis covers it: the test variant for a _test.go file, else the package
// itself.
func rootPackage(pkgs []*packages.Package, path string) *packages.Package {
	var best *packages.Package
	for _, p := range pkgs {
		if !slices.Contains(p.GoFiles, path) && !slices.Contains(p.CompiledGoFiles, path) {
			continue
		}
		if strings.HasSuffix(p.ID, ".test") {
			continue // the generated test main
		}
		isVariant := strings.Contains(p.ID, " [")
		if best == nil || isVariant == (isTestFile(path) != "") {
			best = p
		}
	}
	return best
}

func overlayOrDisk(path string, overlay map[string][]byte) []byte {
	if text, ok := overlay[path]; ok {
		return text
	}
	text, _ := os.ReadFile(path)
	return text
}

// sourceSet records the exact bytes each file was parsed from in one load,
// which are what diagnostic positions must be mapped against.
type sourceSet struct {
	mu    sync.Mutex
	files map[string][]byte
}

func newSourceSet() *sourceSet { return &sourceSet{files: make(map[string][]byte)} }

func (s *sourceSet) add(name string, src []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.files[name] = src
}

func (s *sourceSet) get(name string) ([]byte, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	src, ok := s.files[name]
	return src, ok
}

// converter turns analysis diagnostics into LSP ones.
type converter struct {
	fset    *token.FileSet
	sources *sourceSet
	overlay map[string][]byte
	mappers map[string]*mapper
}

// mapperFor returns the position mapper of a file, reading it from the
// overlay or the disk when the load did not parse it (an edit in a file of
// another package).
func (c *converter) mapperFor(name string) *mapper {
	if m, ok := c.mappers[name]; ok {
		return m
	}
	src, ok := c.sources.get(name)
	if !ok {
		src = overlayOrDisk(name, c.overlay)
	}
	if c.mappers == nil {
		c.mappers = make(map[string]*mapper)
	}
	m := newMapper(src)
	c.mappers[name] = m
	return m
}

// span converts a token range to a file name and an LSP range.
func (c *converter) span(pos, end token.Pos) (string, protocol.Range, bool) {
	tf := c.fset.File(pos)
	if tf == nil {
		return "", protocol.Range{}, false
	}
	if !end.IsValid() || end < pos {
		end = pos
	}
	if int(end) > tf.Base()+tf.Size() {
		return "", protocol.Range{}, false
	}
	name := tf.Name()
	m := c.mapperFor(name)
	start, ok1 := m.position(tf.Offset(pos))
	stop, ok2 := m.position(tf.Offset(end))
	if !ok1 || !ok2 {
		return "", protocol.Range{}, false
	}
	return name, protocol.Range{Start: start, End: stop}, true
}

// finding converts d, reported by a, and its suggested fixes.
func (c *converter) finding(a *analysis.Analyzer, d analysis.Diagnostic) (string, finding, bool) {
	file, rng, ok := c.span(d.Pos, d.End)
	if !ok {
		return "", finding{}, false
	}
	diag := protocol.Diagnostic{
		Range:    rng,
		Severity: protocol.DiagnosticSeverityWarning,
		Code:     a.Name,
		Source:   "retrylint",
		Message:  d.Message,
	}
	if href := cmpOr(d.URL, a.URL); href != "" {
		diag.CodeDescription = &protocol.CodeDescription{Href: protocol.URI(href)}
	}
	f := finding{diag: diag}
	for _, fix := range d.SuggestedFixes {
		edit, ok := c.workspaceEdit(fix.TextEdits)
		if !ok {
			continue // a fix we cannot express exactly is not offered
		}
		f.actions = append(f.actions, protocol.CodeAction{
			Title:       cmpOr(fix.Message, "apply retrylint's fix"),
			Kind:        protocol.QuickFix,
			Diagnostics: []protocol.Diagnostic{diag},
			IsPreferred: len(f.actions) == 0,
			Edit:        edit,
		})
	}
	return file, f, true
}

func (c *converter) workspaceEdit(edits []analysis.TextEdit) (*protocol.WorkspaceEdit, bool) {
	changes := make(map[protocol.DocumentURI][]protocol.TextEdit)
	for _, e := range edits {
		file, rng, ok := c.span(e.Pos, e.End)
		if !ok {
			return nil, false
		}
		u := uri.File(file)
		changes[u] = append(changes[u], protocol.TextEdit{Range: rng, NewText: string(e.NewText)})
	}
	return &protocol.WorkspaceEdit{Changes: changes}, len(changes) > 0
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// parseCache keeps the syntax trees of the files the last loads parsed, by
// name and content, so that a re-analysis after an edit parses only the
// edited file; the type checker reads the trees without changing them.
// Entries unused for a few loads are dropped.
type parseCache struct {
	fset *token.FileSet

	mu    sync.Mutex
	gen   int
	files map[parseKey]*parsedFile
}

type parseKey struct {
	name string
	hash [sha256.Size]byte
}

type parsedFile struct {
	file *ast.File
	err  error
	used int // generation of the last load that used it
}

// parseKeep is how many loads an unused tree survives: enough for a user
// switching between a few packages.
const parseKeep = 8

func newParseCache() *parseCache {
	return &parseCache{fset: token.NewFileSet(), files: make(map[parseKey]*parsedFile)}
}

func (c *parseCache) parse(name string, src []byte) (*ast.File, error) {
	key := parseKey{name, sha256.Sum256(src)}
	c.mu.Lock()
	if p, ok := c.files[key]; ok {
		p.used = c.gen
		c.mu.Unlock()
		return p.file, p.err
	}
	c.mu.Unlock()
	// The mode go/packages uses by default.
	f, err := parser.ParseFile(c.fset, name, src, parser.AllErrors|parser.ParseComments)
	c.mu.Lock()
	c.files[key] = &parsedFile{file: f, err: err, used: c.gen}
	c.mu.Unlock()
	return f, err
}

// sweep ends a load: trees not used by the last parseKeep loads are dropped.
func (c *parseCache) sweep() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, p := range c.files {
		if c.gen-p.used >= parseKeep {
			delete(c.files, k)
		}
	}
	c.gen++
}
