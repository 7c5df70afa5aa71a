package main

import (
	"bytes"
	"errors"
	"go/ast"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/e2etest"
	"golang.org/x/tools/go/analysis"
)

// These tests run the standalone driver in this process, with analyzers
// made for them, to reach what retrylint's own analyzers never do: fixes
// that break a file or overlap, and analyzers that fail.

// printlnFixer reports each println call; fix returns the fix of a call
// whose argument is arg (none when it returns nil).
func printlnFixer(name string, fix func(call *ast.CallExpr, arg string) *analysis.SuggestedFix) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: name,
		Doc:  "report println calls",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "println" || len(call.Args) != 1 {
						return true
					}
					d := analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: "println call"}
					if sf := fix(call, call.Args[0].(*ast.BasicLit).Value); sf != nil {
						d.SuggestedFixes = []analysis.SuggestedFix{*sf}
					}
					pass.Report(d)
					return true
				})
			}
			return nil, nil
		},
	}
}

func replaceCall(call *ast.CallExpr, text string) *analysis.SuggestedFix {
	return &analysis.SuggestedFix{Message: "replace", TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}}}
}

// runHere runs the driver on ./... of the module in dir with as and args.
func runHere(t *testing.T, dir string, as []*analysis.Analyzer, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	t.Chdir(dir)
	t.Setenv("GOWORK", "off")
	t.Setenv("GOFLAGS", "")
	var out, errOut bytes.Buffer
	code = standalone(append(args, "./..."), as, &out, &errOut)
	return code, out.String(), errOut.String()
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

const printlnModule = "package p\n\nfunc F() {\n\tprintln(\"a\")\n}\n"

// TestFixNeverWritesUnparsable: a fix that would leave a file that does not
// parse is not written; the file is named, its finding left, the other
// files fixed, and the exit status is 1.
func TestFixNeverWritesUnparsable(t *testing.T) {
	dir := e2etest.WriteModule(t, map[string]string{
		"go.mod": goMod,
		"p/a.go": printlnModule,
		"p/b.go": "package p\n\nfunc G() {\n\tprintln(\"b\")\n}\n",
	})
	breaks := printlnFixer("breaks", func(call *ast.CallExpr, arg string) *analysis.SuggestedFix {
		if arg == `"a"` {
			return replaceCall(call, "println((") // no longer parses
		}
		return replaceCall(call, "print("+arg+")")
	})
	a, b := filepath.Join(dir, "p", "a.go"), filepath.Join(dir, "p", "b.go")
	for _, diff := range []bool{true, false} { // -diff first: it changes nothing
		args := []string{"-fix"}
		verb, summary := "applied", "applied 1 fix to 1 file"
		if diff {
			args = append(args, "-diff")
			verb, summary = "in the diff", "the diff holds 1 fix to 1 file (no file written)"
		}
		code, stdout, stderr := runHere(t, dir, []*analysis.Analyzer{breaks}, args...)
		prefix := "retrylint: " + a + ": not written: the fixes would leave a file that does not parse: "
		suffix := "\n" + b + ": 1 fix " + verb + "\n" + a + ":4:2: println call (breaks)\n" +
			"retrylint: " + summary + "; 1 finding left without a fix\n"
		if code != 1 || !strings.HasPrefix(stderr, prefix) || !strings.HasSuffix(stderr, suffix) || strings.Count(stderr, "\n") != 4 {
			t.Errorf("%v: exit %d, stderr\n%s\nwant exit 1 and\n%s...%s", args, code, stderr, prefix, suffix)
		}
		if diff && (strings.Contains(stdout, "a.go") || !strings.Contains(stdout, "+\tprint(\"b\")")) {
			t.Errorf("-diff printed\n%s", stdout)
		}
		if got := readFile(t, a); got != printlnModule {
			t.Errorf("%v: a.go was written:\n%s", args, got)
		}
	}
	if got := readFile(t, b); !strings.Contains(got, "\tprint(\"b\")\n") {
		t.Errorf("b.go was not fixed:\n%s", got)
	}
}

// TestFixOverlap: of two fixes that change the same text, the first is
// applied and the other left, with a word to run -fix again (exit 3); two
// fixes that make the same edit (the same import, say) are both applied.
func TestFixOverlap(t *testing.T) {
	dir := e2etest.WriteModule(t, map[string]string{"go.mod": goMod, "p/a.go": printlnModule})
	first := printlnFixer("first", func(call *ast.CallExpr, _ string) *analysis.SuggestedFix { return replaceCall(call, `print("1")`) })
	second := printlnFixer("second", func(call *ast.CallExpr, _ string) *analysis.SuggestedFix { return replaceCall(call, `print("2")`) })
	same := printlnFixer("same", func(call *ast.CallExpr, _ string) *analysis.SuggestedFix { return replaceCall(call, `print("1")`) })
	code, _, stderr := runHere(t, dir, []*analysis.Analyzer{first, second, same}, "-fix")
	a := filepath.Join(dir, "p", "a.go")
	want := a + ": 2 fixes applied\n" + a + ":4:2: println call (second)\n" +
		"retrylint: applied 2 fixes to 1 file; 1 finding left without a fix; 1 fix overlapped others: run retrylint -fix again to apply them\n"
	if code != 3 || stderr != want {
		t.Errorf("exit %d, stderr\n%s\nwant 3 and\n%s", code, stderr, want)
	}
	if got := readFile(t, a); !strings.Contains(got, "\tprint(\"1\")\n") {
		t.Errorf("a.go:\n%s", got)
	}
}

// TestFixNothingLeft: -fix exits 0 when it fixed every finding, and says
// so when there was nothing to fix.
func TestFixNothingLeft(t *testing.T) {
	dir := e2etest.WriteModule(t, map[string]string{"go.mod": goMod, "p/a.go": printlnModule})
	fixer := printlnFixer("fixer", func(call *ast.CallExpr, arg string) *analysis.SuggestedFix {
		return replaceCall(call, "print("+arg+")")
	})
	code, _, stderr := runHere(t, dir, []*analysis.Analyzer{fixer}, "-fix")
	a := filepath.Join(dir, "p", "a.go")
	if want := a + ": 1 fix applied\nretrylint: applied 1 fix to 1 file\n"; code != 0 || stderr != want {
		t.Errorf("exit %d, stderr\n%s\nwant 0 and\n%s", code, stderr, want)
	}
	code, _, stderr = runHere(t, dir, []*analysis.Analyzer{fixer}, "-fix")
	if want := "retrylint: no fix applied\n"; code != 0 || stderr != want {
		t.Errorf("again: exit %d, stderr\n%s\nwant 0 and\n%s", code, stderr, want)
	}
}

type fact struct{}

func (*fact) AFact() {}

// TestAnalyzerError: an analyzer that fails is one line per package it
// failed on, not one more for every package whose analysis needed it
// (failed prerequisites); exit status 1, or 0 with -json, which holds the
// errors.
func TestAnalyzerError(t *testing.T) {
	dir := e2etest.WriteModule(t, map[string]string{
		"go.mod": goMod,
		"a/a.go": "package a\n\nfunc F() {}\n",
		"b/b.go": "package b\n\nimport \"example.com/m/a\"\n\nvar F = a.F\n",
		"c/c.go": "package c\n\nimport \"example.com/m/b\"\n\nvar _ = b.F\n",
	})
	fails := &analysis.Analyzer{
		Name:      "fails",
		Doc:       "fail on package a",
		FactTypes: []analysis.Fact{new(fact)},
		Run: func(pass *analysis.Pass) (any, error) {
			if pass.Pkg.Path() == "example.com/m/a" {
				return nil, errors.New("boom")
			}
			return nil, nil
		},
	}
	code, _, stderr := runHere(t, dir, []*analysis.Analyzer{fails})
	if want := "retrylint: fails failed on example.com/m/a: boom\n"; code != 1 || stderr != want {
		t.Errorf("exit %d, stderr\n%s\nwant 1 and\n%s", code, stderr, want)
	}
	code, stdout, stderr := runHere(t, dir, []*analysis.Analyzer{fails}, "-json")
	tree, err := e2etest.DecodeJSON([]byte(stdout))
	if code != 0 || stderr != "" || err != nil {
		t.Fatalf("-json: exit %d, %v, stderr\n%s", code, err, stderr)
	}
	errs := strings.Join(tree.Errors(), "\n")
	if !regexp.MustCompile(`^example.com/m/a: fails: boom\nexample.com/m/b: fails: failed prerequisites: .*\nexample.com/m/c: fails: failed prerequisites: .*$`).MatchString(errs) {
		t.Errorf("-json errors:\n%s", errs)
	}
}

// TestFixCgo: drivers analyse cmd/cgo's translation of a file that imports
// "C", parsed from the build cache; a fix applies to the user's file, where
// the lines it edits read the same as in the translation, and is not applied
// (nor given by -json) where cgo rewrote them.
func TestFixCgo(t *testing.T) {
	cgoEnabled(t)
	src := "package cg\n\n// int add(int a, int b) { return a + b; }\nimport \"C\"\n\n" +
		"func F() {\n\tprintln(\"a\")\n}\n\n" +
		"func G() int { println(\"b\"); return int(C.add(1, 2)) }\n"
	dir := e2etest.WriteModule(t, map[string]string{"go.mod": goMod, "cg/cg.go": src})
	fixer := printlnFixer("fixer", func(call *ast.CallExpr, arg string) *analysis.SuggestedFix {
		return replaceCall(call, "print("+arg+")")
	})
	file := filepath.Join(dir, "cg", "cg.go")

	code, stdout, stderr := runHere(t, dir, []*analysis.Analyzer{fixer}, "-json")
	tree, err := e2etest.DecodeJSON([]byte(stdout))
	if code != 0 || err != nil || stderr != "" {
		t.Fatalf("-json: exit %d, %v\n%s%s", code, err, stdout, stderr)
	}
	diags := tree["example.com/m/cg"]["fixer"].Diagnostics
	start := strings.Index(src, `println("a")`)
	want := []e2etest.JSONEdit{{Filename: file, Start: start, End: start + len(`println("a")`), New: `print("a")`}}
	if len(diags) != 2 || diags[0].Posn != file+":7:2" || len(diags[0].SuggestedFixes) != 1 ||
		!slices.Equal(diags[0].SuggestedFixes[0].Edits, want) || diags[1].Posn != file+":10:16" || diags[1].SuggestedFixes != nil {
		t.Errorf("-json: %+v\nwant the first fix, in %s, and no fix for the second", diags, file)
	}

	code, _, stderr = runHere(t, dir, []*analysis.Analyzer{fixer}, "-fix")
	if want := file + ": 1 fix applied\n" + file + ":10:16: println call (fixer)\n" +
		"retrylint: applied 1 fix to 1 file; 1 finding left without a fix\n"; code != 3 || stderr != want {
		t.Errorf("-fix: exit %d, stderr\n%s\nwant 3 and\n%s", code, stderr, want)
	}
	if got, want := readFile(t, file), strings.Replace(src, `println("a")`, `print("a")`, 1); got != want {
		t.Errorf("-fix wrote\n%s\nwant\n%s", got, want)
	}
}
