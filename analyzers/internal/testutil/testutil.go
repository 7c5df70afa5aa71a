// Package testutil runs retrylint's analyzers over the shared analysistest
// tree (testdata/src at the module root) and proves that their suggested
// fixes compile and leave nothing to fix.
//
// The tree holds stub packages at the real import paths of the libraries the
// analyzers know (their signatures match the real modules; testdata/reallibs
// proves it) and one directory of test packages per analyzer. This project's
// own runtime package, github.com/retrylint/retrylint/retry, is not stubbed:
// each run copies the real one into a temporary copy of the tree, so tests
// and fixes use exactly what users get.
package testutil

import (
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/internal/modroot"
)

// Tree returns a temporary GOPATH-style copy of testdata (its src tree) with
// the real retry package added at its import path.
func Tree(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(modroot.Dir(), "testdata"))); err != nil {
		t.Fatalf("copying testdata: %v", err)
	}
	// Only the src tree is a GOPATH; the end-to-end modules are not wanted here.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() != "src" {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
	retryDst := filepath.Join(dir, "src", filepath.FromSlash(apis.Retry))
	if err := os.MkdirAll(retryDst, 0o755); err != nil {
		t.Fatal(err)
	}
	retrySrc := filepath.Join(modroot.Dir(), "retry")
	files, err := os.ReadDir(retrySrc)
	if err != nil {
		t.Fatalf("reading retry package: %v", err)
	}
	for _, f := range files {
		if f.IsDir() || !strings.HasSuffix(f.Name(), ".go") || source.IsTestName(f.Name()) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(retrySrc, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(retryDst, f.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Run runs a over the packages (import paths under testdata/src) and checks
// their // want comments.
func Run(t *testing.T, a *analysis.Analyzer, pkgs ...string) []*analysistest.Result {
	t.Helper()
	return analysistest.Run(t, Tree(t), a, pkgs...)
}

// RunWithSuggestedFixes is Run that also applies every suggested fix and
// compares each file with its .golden file; then it proves the fixed
// packages compile, pass go vet, and draw no fixable diagnostic from a again
// (see CheckFixed).
func RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, pkgs ...string) []*analysistest.Result {
	t.Helper()
	results := analysistest.RunWithSuggestedFixes(t, Tree(t), a, pkgs...)
	CheckFixed(t, a, pkgs...)
	return results
}

// CheckFixed copies the tree, replaces every file of pkgs that has a plain
// (non-txtar) .golden file by that file, builds and vets the packages, and
// runs a over them again. It fails the test if the fixed code does not
// compile or if a still reports a diagnostic that carries a fix (a fixed site
// must not be flagged again). It returns the diagnostics of the second run for
// further checks.
func CheckFixed(t *testing.T, a *analysis.Analyzer, pkgs ...string) []Diagnostic {
	t.Helper()
	dir := FixedTree(t, pkgs...)
	for _, verb := range []string{"build", "vet"} {
		if out, err := GoInTree(dir, append([]string{verb}, pkgs...)...); err != nil {
			t.Fatalf("go %s of the fixed packages %v failed: %v\n%s", verb, pkgs, err, out)
		}
	}
	diags := AnalyzeTree(t, a, dir, pkgs...)
	for _, d := range diags {
		if len(d.SuggestedFixes) > 0 {
			t.Errorf("%s: after its fixes were applied, %s still reports a fixable diagnostic: %s",
				d.Position, a.Name, d.Message)
		}
	}
	return diags
}

// Diagnostic is a diagnostic an analyzer reported, with its position
// resolved, for a test's failures to say where it is.
type Diagnostic struct {
	analysis.Diagnostic
	Position token.Position
}

// AnalyzeTree runs a over pkgs of the tree dir (made by Tree or FixedTree),
// and for its facts over what they import, as a driver does, and returns
// what a reported in pkgs. It fails the test if the packages do not load
// without errors or a fails on one of them.
func AnalyzeTree(t testing.TB, a *analysis.Analyzer, dir string, pkgs ...string) []Diagnostic {
	t.Helper()
	graph, err := checker.Analyze([]*analysis.Analyzer{a}, LoadTree(t, dir, pkgs...), nil)
	if err != nil {
		t.Fatalf("analysing %v: %v", pkgs, err)
	}
	var diags []Diagnostic
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s on %s: %v", a.Name, act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			diags = append(diags, Diagnostic{d, act.Package.Fset.Position(d.Pos)})
		}
	}
	return diags
}

// LoadTree loads pkgs of the tree dir (made by Tree or FixedTree) with their
// syntax and types, as checker.Analyze needs them, and fails the test if
// they do not load without errors.
func LoadTree(t testing.TB, dir string, pkgs ...string) []*packages.Package {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join(dir, "src"), Env: treeEnv(dir)}
	loaded, err := packages.Load(cfg, pkgs...)
	if err != nil {
		t.Fatalf("loading %v: %v", pkgs, err)
	}
	if packages.PrintErrors(loaded) > 0 {
		t.Fatalf("the packages %v have errors", pkgs)
	}
	return loaded
}

// FixedTree returns a copy of the tree (see Tree) in which every file of
// pkgs that has a plain (non-txtar) .golden file is replaced by that file.
func FixedTree(t testing.TB, pkgs ...string) string {
	t.Helper()
	dir := Tree(t)
	for _, pkg := range pkgs {
		pkgDir := filepath.Join(dir, "src", filepath.FromSlash(pkg))
		err := filepath.WalkDir(pkgDir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go.golden") {
				return err
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if strings.HasPrefix(string(data), "-- ") {
				return nil // a txtar archive: one section per fix, not one program
			}
			return os.WriteFile(strings.TrimSuffix(p, ".golden"), data, 0o644)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestFixed runs go test on pkgs with their fixes applied (FixedTree): the
// packages' own _test.go files, kept beside the cases in testdata, prove
// that the fixed code still does what it did. A fix that compiles is not
// enough when it moves or rewrites statements.
func TestFixed(t *testing.T, pkgs ...string) {
	t.Helper()
	out, err := GoInTree(FixedTree(t, pkgs...), append([]string{"test", "-count=1"}, pkgs...)...)
	if err != nil {
		t.Fatalf("go test of the fixed packages %v failed: %v\n%s", pkgs, err, out)
	}
	if strings.Contains(string(out), "[no test files]") {
		t.Fatalf("a fixed package has no test to run:\n%s", out)
	}
	t.Logf("go test of the fixed packages:\n%s", out)
}

// SrcDir is the directory of pkg, an import path under testdata/src, in the
// repository (not in a copy made by Tree).
func SrcDir(pkg string) string {
	return filepath.Join(modroot.Dir(), "testdata", "src", filepath.FromSlash(pkg))
}

// SkipInShortMode skips the test under go test -short; why says what makes
// it too slow for that.
func SkipInShortMode(t testing.TB, why string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("skipped in -short mode: %s", why)
	}
}
