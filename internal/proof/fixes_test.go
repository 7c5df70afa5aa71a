package proof

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/modroot"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestFixesCompileTree applies, package by package set, the first fix of
// every diagnostic that all of retrylint's analyzers report on a copy of the
// analysistest tree (testdata/src, the stub packages and the broken inputs of
// testdata/src/robust left out, and files whose .golden is a txtar archive of
// alternative fixes left alone), then proves the result builds, vets, draws
// no fix again and changes nothing when fixed twice (see fixCycle).
func TestFixesCompileTree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets the fixed tree")
	}
	src, gopath := tree(t)
	pkgs := treePackages(t, src)
	fixCycle(t, src, gopathEnv(gopath), pkgs, func(file string) bool {
		data, err := os.ReadFile(file + ".golden")
		return err != nil || !strings.HasPrefix(string(data), "-- ")
	})
}

// treePackages lists the analysistest packages of the tree: not the stubs
// (whose first path element has a dot), not the retry package, not the broken
// inputs of robust/.
func treePackages(t *testing.T, src string) []string {
	t.Helper()
	var pkgs []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
		if d.IsDir() && rel != "." && (strings.Contains(first, ".") || first == "robust") {
			return filepath.SkipDir // stubs, the retry package, broken inputs
		}
		if !d.IsDir() && strings.HasSuffix(p, ".go") {
			pkg := filepath.ToSlash(filepath.Dir(rel))
			if !slices.Contains(pkgs, pkg) {
				pkgs = append(pkgs, pkg)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) == 0 {
		t.Skip("no analysistest packages yet")
	}
	return pkgs
}

// TestFixesCompileE2E does the same on a copy of the end-to-end sample module.
func TestFixesCompileE2E(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets the fixed module")
	}
	fixCycle(t, moduleCopy(t, "e2e"), moduleEnv(), []string{"./..."}, nil)
}

// TestFixesCompileRealLibs does the same on a copy of testdata/reallibs, so
// that the fixes compile against the real SDKs, not only against the stubs.
func TestFixesCompileRealLibs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and vets the fixed module")
	}
	fixCycle(t, moduleCopy(t, "reallibs"), moduleEnv(), []string{"./..."}, nil)
}

// moduleCopy copies the module testdata/name to a temporary directory, its
// replace directive still reaching this module.
func moduleCopy(t *testing.T, name string) string {
	t.Helper()
	root := modroot.Dir()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(root, "testdata", name))); err != nil {
		t.Fatal(err)
	}
	gomod := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.ReplaceAll(string(data), "=> ../..", "=> "+root))
	if err := os.WriteFile(gomod, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// moduleEnv is the go command's environment for a module copy: read-only
// against its go.sum, so nothing is downloaded.
func moduleEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=")
}

// A finding is one diagnostic, once (a file in a package and in its test
// variant is reported twice).
type finding struct {
	posn, file, analyzer, message string
	fixable                       bool
}

// fixCycle is the fixes-always-compile proof on the packages matched by
// patterns in dir: apply the first fix of every diagnostic in the files keep
// accepts, with no two fixes overlapping in a file; the packages still build,
// and still pass go vet if they did before; every analyzer run again reports
// no fixable diagnostic in a fixed file and no more diagnostics per file and
// analyzer than there were unfixable ones; fixing again changes nothing.
func fixCycle(t *testing.T, dir string, env, patterns []string, keep func(string) bool) {
	guard(t, false)
	inDir := func(file string) bool {
		return strings.HasPrefix(file, dir+string(filepath.Separator)) && (keep == nil || keep(file))
	}
	vetBefore := goTool(dir, env, "vet", patterns) == nil
	if !vetBefore {
		t.Logf("go vet fails before the fixes: only go build is checked after them")
	}

	before, p := findings(t, dir, env, patterns, inDir)
	for _, c := range p.conflicts() {
		t.Errorf("conflicting fixes: %s", c)
	}
	unfixable := make(map[[2]string]int)
	for _, f := range before {
		if !f.fixable {
			unfixable[[2]string{f.file, f.analyzer}]++
		}
	}
	t.Logf("%d diagnostics, fixes edit %d files", len(before), len(p))
	for file, edits := range p {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, apply(src, edits), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	if err := goTool(dir, env, "build", patterns); err != nil {
		t.Fatalf("the fixed packages do not build: %v", err)
	}
	if vetBefore {
		if err := goTool(dir, env, "vet", patterns); err != nil {
			t.Fatalf("go vet fails on the fixed packages: %v", err)
		}
	}

	after, again := findings(t, dir, env, patterns, inDir)
	count := make(map[[2]string]int)
	for _, f := range after {
		if _, fixed := p[f.file]; !fixed {
			continue
		}
		if f.fixable {
			t.Errorf("%s: after the fixes, %s still offers a fix: %s", f.posn, f.analyzer, f.message)
		}
		count[[2]string{f.file, f.analyzer}]++
	}
	for k, n := range count {
		if n > unfixable[k] {
			t.Errorf("%s: after the fixes, %s reports %d diagnostics, %d before without a fix", k[0], k[1], n, unfixable[k])
		}
	}
	for file, edits := range again {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(apply(src, edits)) != string(src) {
			t.Errorf("%s: fixing a second time changes the file again (%s)", file, edits[0].origin)
		}
	}
}

// findings runs every analyzer over the packages and returns what they report
// in the files inDir accepts, and the plan of their fixes. Packages with
// errors fail the test: the proof needs code that builds.
func findings(t *testing.T, dir string, env, patterns []string, inDir func(string) bool) ([]finding, plan) {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Env: env, Tests: true}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatalf("loading %v: %v", patterns, err)
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	graph, err := checker.Analyze(analyzers.All(), pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		t.Fatalf("analysing: %v", err)
	}
	var out []finding
	seen := make(map[finding]bool)
	p := make(plan)
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("%v: %v", act, act.Err)
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			posn := fset.Position(d.Pos)
			if !inDir(posn.Filename) {
				continue
			}
			f := finding{posn.String(), posn.Filename, act.Analyzer.Name, d.Message, len(d.SuggestedFixes) > 0}
			if !seen[f] {
				seen[f] = true
				out = append(out, f)
			}
			p.add(fset, act.Analyzer.Name, d, inDir)
		}
	}
	return out, p
}

func goTool(dir string, env []string, verb string, patterns []string) error {
	cmd := exec.Command("go", append([]string{verb}, patterns...)...)
	cmd.Dir = dir
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %v\n%s", verb, err, out)
	}
	return nil
}
