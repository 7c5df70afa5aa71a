package proof

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/modroot"
	"golang.org/x/tools/go/ast/astutil"
)

// The fuzz targets type-check one file at a time against the export data of
// the packages testdata imports (the standard library, the stubs of
// testdata/src, the real retry package) and run every analyzer of
// analyzers.All(), with their requirements (the retry-site recogniser
// among them), in process (see analyze). An input is analysed when it parses
// and type-checks with at most soft errors (an unused variable or import:
// type information is complete); then no analyzer may panic or fail, no two
// fixes may overlap, and the fixed file must parse, and type-check if the
// input did. Plain `go test` runs the seed corpus: every Go file of
// testdata/src (stubs and broken inputs aside) and testdata/e2e.

// fuzzEnv is what the fuzz targets share: their starting inputs and an importer.
type fuzzEnv struct {
	inputs [][]byte
	exports
	sizes types.Sizes
}

var (
	fuzzOnce  sync.Once
	fuzzSetup *fuzzEnv
	fuzzErr   error
)

func setupFuzz(f *testing.F) *fuzzEnv {
	f.Helper()
	fuzzOnce.Do(func() { fuzzSetup, fuzzErr = loadFuzzEnv(f) })
	if fuzzErr != nil {
		f.Fatal(fuzzErr)
	}
	return fuzzSetup
}

func loadFuzzEnv(f *testing.F) (*fuzzEnv, error) {
	root := modroot.Dir()
	env := &fuzzEnv{sizes: types.SizesFor("gc", "amd64")}
	imports := slices.Clone(fixImports)
	add := func(dir string, skip func(rel string) bool) error {
		return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(dir, p)
			if d.IsDir() && rel != "." && skip(filepath.ToSlash(rel)) {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			file, err := parser.ParseFile(token.NewFileSet(), p, data, parser.ImportsOnly)
			if err != nil {
				return nil
			}
			for _, imp := range file.Imports {
				if path, err := strconv.Unquote(imp.Path.Value); err == nil && path != "C" && !slices.Contains(imports, path) {
					imports = append(imports, path)
				}
			}
			env.inputs = append(env.inputs, data)
			return nil
		})
	}
	err := add(filepath.Join(root, "testdata", "src"), func(rel string) bool {
		first, _, _ := strings.Cut(rel, "/")
		return strings.Contains(first, ".") || rel == "robust/syntax" || rel == "robust/typeerr" || rel == "robust/excluded"
	})
	if err != nil {
		return nil, err
	}
	if err := add(filepath.Join(root, "testdata", "e2e"), func(string) bool { return false }); err != nil {
		return nil, err
	}

	// Export data of everything the starting inputs import, stubs and retry included.
	src, gopath := tree(f)
	env.exports, err = loadExports(src, gopath, imports)
	return env, err
}

// FuzzSource mutates the bytes of testdata files.
func FuzzSource(f *testing.F) {
	env := setupFuzz(f)
	for _, s := range env.inputs {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		env.check(t, src)
	})
}

// FuzzMutations mutates the syntax trees of testdata files: statements
// deleted, duplicated, swapped or wrapped in loops, closures, goroutines and
// conditions; waits inserted; literals and composite-literal fields changed.
// Each op is two bytes: what to do and where. The output always parses.
func FuzzMutations(f *testing.F) {
	env := setupFuzz(f)
	for i, s := range env.inputs {
		f.Add(s, []byte{})
		f.Add(s, []byte{byte(i), byte(i * 7), byte(i + 3), byte(i * 13)})
	}
	f.Fuzz(func(t *testing.T, src, ops []byte) {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "input.go", src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Skip()
		}
		mutate(fset, file, ops)
		var buf bytes.Buffer
		if err := printer.Fprint(&buf, fset, file); err != nil {
			t.Skip()
		}
		env.check(t, buf.Bytes())
	})
}

// check analyses src as the one file of a package.
func (e *fuzzEnv) check(t *testing.T, src []byte) {
	if len(src) > 1<<16 {
		t.Skip()
	}
	u, typeErrs, err := e.typecheck(src)
	if err != nil {
		t.Skip()
	}
	diags, err := analyze(u, analyzers.All())
	if err != nil {
		t.Fatalf("%v\ninput:\n%s", err, src) // a panic's stack included
	}
	p := make(plan)
	for a, ds := range diags {
		for _, d := range ds {
			p.add(u.fset, a.Name, d, nil)
		}
	}
	for _, c := range p.conflicts() {
		t.Errorf("conflicting fixes: %s\ninput:\n%s", c, src)
	}
	edits, ok := p["input.go"]
	if !ok || t.Failed() {
		return
	}
	fixed := apply(src, edits)
	if _, _, err := e.typecheck(fixed); err != nil {
		var te types.Error
		if !errors.As(err, &te) || typeErrs == 0 {
			t.Fatalf("the fixes break the file: %v\nfixed:\n%s", err, fixed)
		}
	}
}

// typecheck parses and type-checks src. It fails with the syntax error or
// the first hard type error: a file fit for analysis has at most soft type
// errors (type information is complete), which typeErrs counts.
func (e *fuzzEnv) typecheck(src []byte) (u *unit, typeErrs int, err error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "input.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, 0, err
	}
	var hard error
	conf := &types.Config{
		Importer: e.exports,
		Sizes:    e.sizes,
		Error: func(err error) {
			typeErrs++
			var te types.Error
			if (!errors.As(err, &te) || !te.Soft) && hard == nil {
				hard = err
			}
		},
	}
	info := newInfo()
	pkg, _ := conf.Check("fuzz/"+file.Name.Name, fset, []*ast.File{file}, info)
	if hard != nil {
		return nil, typeErrs, hard
	}
	return &unit{fset: fset, files: []*ast.File{file}, pkg: pkg, info: info, sizes: e.sizes}, typeErrs, nil
}

// mutate applies ops, two bytes each, to f.
func mutate(fset *token.FileSet, f *ast.File, ops []byte) {
	for i := 0; i+1 < len(ops); i += 2 {
		op, arg := ops[i], int(ops[i+1])
		var lists []*[]ast.Stmt
		var ints, strs []*ast.BasicLit
		var comps []*ast.CompositeLit
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt:
				lists = append(lists, &n.List)
			case *ast.CaseClause:
				lists = append(lists, &n.Body)
			case *ast.CommClause:
				lists = append(lists, &n.Body)
			case *ast.BasicLit:
				switch n.Kind {
				case token.INT:
					ints = append(ints, n)
				case token.STRING:
					strs = append(strs, n)
				}
			case *ast.CompositeLit:
				comps = append(comps, n)
			}
			return true
		})
		// The statement at arg, if any.
		var list *[]ast.Stmt
		var at int
		if len(lists) > 0 {
			list = lists[arg%len(lists)]
			if len(*list) == 0 {
				list = nil
			} else {
				at = (arg / len(lists)) % len(*list)
			}
		}
		wrap := func(tmpl string, fill func(ast.Stmt, *ast.BlockStmt)) {
			if list == nil {
				return
			}
			s := parseStmt(tmpl)
			var body *ast.BlockStmt
			ast.Inspect(s, func(n ast.Node) bool {
				if b, ok := n.(*ast.BlockStmt); ok && body == nil {
					body = b
				}
				return body == nil
			})
			body.List = []ast.Stmt{(*list)[at]}
			fill(s, body)
			(*list)[at] = s
		}
		nop := func(ast.Stmt, *ast.BlockStmt) {}
		switch op % 12 {
		case 0: // delete a statement
			if list != nil {
				*list = slices.Delete(*list, at, at+1)
			}
		case 1: // duplicate a statement
			if list != nil {
				*list = slices.Insert(*list, at, (*list)[at])
			}
		case 2:
			wrap(fmt.Sprintf("for i := 0; i < %d; i++ {}", arg%6), nop)
		case 3:
			wrap(fmt.Sprintf("for range %d {}", arg%6), nop)
		case 4:
			wrap("func() {}()", nop)
		case 5:
			wrap("if true {}", nop)
		case 6:
			wrap("go func() {}()", nop)
		case 7: // swap a statement with the next
			if list != nil && at+1 < len(*list) {
				(*list)[at], (*list)[at+1] = (*list)[at+1], (*list)[at]
			}
		case 8: // a wait
			if list != nil {
				astutil.AddImport(fset, f, "time")
				*list = slices.Insert(*list, at, parseStmt(fmt.Sprintf("time.Sleep(%d * time.Millisecond)", arg)))
			}
		case 9: // an integer
			if len(ints) > 0 {
				ints[arg%len(ints)].Value = strconv.Itoa([]int{0, 1, 2, 3, 10, 1 << 20, arg}[arg%7])
			}
		case 10: // a string: methods and header names matter
			if len(strs) > 0 {
				strs[arg%len(strs)].Value = strconv.Quote([]string{"POST", "PATCH", "GET", "Idempotency-Key", "", "X-Idempotency-Key"}[arg%6])
			}
		case 11: // drop a field of a composite literal (a Timeout, a Jitter ...)
			if len(comps) > 0 {
				c := comps[arg%len(comps)]
				if len(c.Elts) > 0 {
					c.Elts = slices.Delete(c.Elts, (arg/len(comps))%len(c.Elts), (arg/len(comps))%len(c.Elts)+1)
				}
			}
		}
	}
}

// parseStmt parses one statement of a mutation template.
func parseStmt(s string) ast.Stmt {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p; func _() {"+s+"}", parser.SkipObjectResolution)
	if err != nil {
		panic(fmt.Sprintf("mutation template %q: %v", s, err))
	}
	return f.Decls[0].(*ast.FuncDecl).Body.List[0]
}
