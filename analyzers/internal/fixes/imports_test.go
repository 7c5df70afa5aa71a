package fixes

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"testing"
)

// fakeImporter gives every import an empty, complete package named after
// the last element of its path.
type fakeImporter struct{}

func (fakeImporter) Import(p string) (*types.Package, error) {
	pkg := types.NewPackage(p, path.Base(p))
	pkg.MarkComplete()
	return pkg, nil
}

// TestAddImportGroups proves that an added import joins the group of its
// kind (standard library or not), or starts one, as goimports does.
func TestAddImportGroups(t *testing.T) {
	const retry = "github.com/retrylint/retrylint/retry"
	for _, tc := range []struct {
		name, src, path, want string
	}{{
		name: "third-party beside a standard-library group",
		src:  "package p\n\nimport (\n\t\"fmt\"\n\t\"time\"\n)\n\nvar _, _ = fmt.Sprint, time.Now\n",
		path: retry,
		want: "package p\n\nimport (\n\t\"fmt\"\n\t\"time\"\n\n\t\"github.com/retrylint/retrylint/retry\"\n)\n\nvar _, _ = fmt.Sprint, time.Now\n",
	}, {
		name: "third-party into the third-party group",
		src:  "package p\n\nimport (\n\t\"fmt\"\n\n\t\"golang.org/x/sync/errgroup\"\n)\n\nvar _, _ = fmt.Sprint, errgroup.WithContext\n",
		path: retry,
		want: "package p\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/retrylint/retrylint/retry\"\n\t\"golang.org/x/sync/errgroup\"\n)\n\nvar _, _ = fmt.Sprint, errgroup.WithContext\n",
	}, {
		name: "standard library into the standard-library group",
		src:  "package p\n\nimport (\n\t\"fmt\"\n\n\t\"golang.org/x/sync/errgroup\"\n)\n\nvar _, _ = fmt.Sprint, errgroup.WithContext\n",
		path: "time",
		want: "package p\n\nimport (\n\t\"fmt\"\n\t\"time\"\n\n\t\"golang.org/x/sync/errgroup\"\n)\n\nvar _, _ = fmt.Sprint, errgroup.WithContext\n",
	}, {
		name: "standard library before third-party imports alone",
		src:  "package p\n\nimport (\n\t\"golang.org/x/sync/errgroup\"\n)\n\nvar _ = errgroup.WithContext\n",
		path: "time",
		want: "package p\n\nimport (\n\t\"time\"\n\n\t\"golang.org/x/sync/errgroup\"\n)\n\nvar _ = errgroup.WithContext\n",
	}, {
		name: "after a line comment",
		src:  "package p\n\nimport (\n\t\"fmt\" // printing\n)\n\nvar _ = fmt.Sprint\n",
		path: "time",
		want: "package p\n\nimport (\n\t\"fmt\" // printing\n\t\"time\"\n)\n\nvar _ = fmt.Sprint\n",
	}, {
		name: "a single import",
		src:  "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n",
		path: retry,
		want: "package p\n\nimport \"fmt\"\n\nimport \"github.com/retrylint/retrylint/retry\"\n\nvar _ = fmt.Sprint\n",
	}, {
		name: "no imports",
		src:  "package p\n\nvar x = 1\n",
		path: "time",
		want: "package p\n\nimport \"time\"\n\nvar x = 1\n",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "p.go", tc.src, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			info := &types.Info{Implicits: map[ast.Node]types.Object{}, Scopes: map[ast.Node]*types.Scope{}}
			// The fake packages have no members: ignore what that makes undefined.
			conf := &types.Config{Importer: fakeImporter{}, Error: func(error) {}}
			conf.Check("p", fset, []*ast.File{file}, info)
			name, edits := AddImport(info, file, file.End(), tc.path)
			if name != path.Base(tc.path) || len(edits) != 1 {
				t.Fatalf("AddImport = %q, %d edits", name, len(edits))
			}
			tf := fset.File(file.Pos())
			e := edits[0]
			out := tc.src[:tf.Offset(e.Pos)] + string(e.NewText) + tc.src[tf.Offset(e.End):]
			got, err := format.Source([]byte(out))
			if err != nil {
				t.Fatalf("the edited file does not parse: %v\n%s", err, out)
			}
			if string(got) != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestAddImportOneNamePerFile proves that fixes anywhere in a file import a
// package under one name: where one function's local variable takes the
// package's name, a fix in another function gets the alternative name too,
// so that the two fixes add one import, not the path twice.
func TestAddImportOneNamePerFile(t *testing.T) {
	const src = "package p\n\nfunc a() {\n\tretry := 1\n\t_ = retry\n}\n\nfunc b() {}\n"
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Defs: map[*ast.Ident]types.Object{}, Scopes: map[ast.Node]*types.Scope{}}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{file}, info); err != nil {
		t.Fatal(err)
	}
	var names []string
	var texts []string
	for _, fn := range []string{"a", "b"} {
		decl := file.Scope.Lookup(fn).Decl.(*ast.FuncDecl)
		name, edits := AddImport(info, file, decl.Body.Rbrace, "github.com/retrylint/retrylint/retry", "retry", "rlretry")
		if len(edits) != 1 {
			t.Fatalf("in %s: %d edits, want 1", fn, len(edits))
		}
		names = append(names, name)
		texts = append(texts, string(edits[0].NewText))
	}
	if names[0] != "rlretry" || names[1] != "rlretry" || texts[0] != texts[1] {
		t.Errorf("names %q, import edits %q: want rlretry and one edit for both", names, texts)
	}
}
