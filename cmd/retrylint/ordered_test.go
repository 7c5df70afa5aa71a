package main

import (
	"fmt"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/e2etest"
	"github.com/retrylint/retrylint/internal/modroot"
	"golang.org/x/tools/go/analysis"
)

// runLogged runs the binary in dir with args and the environment env added,
// and returns what it did and the IDs of the packages it analysed for
// their findings (RETRYLINT_VETLOG), sorted, and how many it analysed only
// for their facts.
func runLogged(t *testing.T, bin, dir string, env []string, args ...string) (res e2etest.Result, analysed []string, forFacts int) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "analysed.log")
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = dir, append(append(e2etest.Env(), env...), "RETRYLINT_VETLOG="+log)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil && cmd.ProcessState == nil {
		t.Fatal(err)
	}
	res = e2etest.Result{Code: cmd.ProcessState.ExitCode(), Stdout: stdout.String(), Stderr: stderr.String()}
	data, _ := os.ReadFile(log)
	for line := range strings.Lines(string(data)) {
		if strings.HasSuffix(line, " (facts)\n") {
			forFacts++
		} else {
			analysed = append(analysed, strings.TrimSpace(line))
		}
	}
	slices.Sort(analysed)
	return res, analysed, forFacts
}

// TestInOrderSameAsChecker: the in-order driver gives what x/tools' checker
// gives (RETRYLINT_INPROCESS=1), byte for byte in -json and in the text
// output, on the sample module and the real-SDK module (hundreds of
// findings, most of them resting on facts from other packages): from an
// empty result cache, from a full one (when it analyses nothing), and with
// flags that change what is analysed or found, each of which misses the
// entries of the others.
func TestInOrderSameAsChecker(t *testing.T) {
	skipShort(t)
	bin := e2etest.Binary(t)
	type step struct {
		args   []string
		cached bool // the run before it analysed the same
	}
	all := []step{
		{[]string{"-json"}, false},
		{[]string{"-json"}, true},
		{nil, true},
		{[]string{"-json", "-test=false"}, true}, // the packages without their test variants
		{[]string{"-json", "-nojitter"}, false},
		{[]string{"-json", "-zerotimeout=false"}, false},
		{[]string{"-json", "-zerotimeout.timeout=7s"}, false},
	}
	for _, tc := range []struct {
		mod   string
		steps []step
	}{
		{e2etest.SampleModule(), all},
		// The checker takes half a minute on the real-SDK module: the
		// steps that differ most.
		{filepath.Join(modroot.Dir(), "testdata", "reallibs"), []step{all[0], all[1], all[6]}},
	} {
		cache := []string{"RETRYLINT_CACHE=" + t.TempDir()}
		for _, st := range tc.steps {
			args := append(st.args, "./...")
			ordered, analysed, forFacts := runLogged(t, bin, tc.mod, cache, args...)
			checker, _, _ := runLogged(t, bin, tc.mod, []string{"RETRYLINT_INPROCESS=1"}, args...)
			name := fmt.Sprintf("%s: retrylint %s", filepath.Base(tc.mod), strings.Join(args, " "))
			if ordered.Code != checker.Code || ordered.Stdout != checker.Stdout || ordered.Stderr != checker.Stderr {
				t.Errorf("%s: in order, exit %d\n%s%s\nchecker, exit %d\n%s%s", name,
					ordered.Code, ordered.Stdout, ordered.Stderr, checker.Code, checker.Stdout, checker.Stderr)
			}
			if ordered.Code != 3 && !strings.Contains(ordered.Stdout, `"posn"`) {
				t.Errorf("%s: no finding (exit %d); the module has some", name, ordered.Code)
			}
			switch {
			case st.cached && (len(analysed) > 0 || forFacts > 0):
				t.Errorf("%s: from a full cache, it analysed %d packages for findings and %d for facts, want none",
					name, len(analysed), forFacts)
			case !st.cached && len(analysed) == 0:
				t.Errorf("%s: it analysed nothing; its analyzers or flags are new, so it should have", name)
			}
		}
	}
}

// TestRepeatedRun: a standalone run keeps each package's findings and facts
// in its result cache, so a second run over an unchanged tree analyses
// nothing and prints the same; after an edit, the edited package and those
// that import it are analysed again, and nothing else. RETRYLINT_VETLOG
// lists the packages analysed.
func TestRepeatedRun(t *testing.T) {
	skipShort(t)
	get := func(pkg, imports string) string {
		return "package " + pkg + "\n\nimport (\n\t\"net/http\"\n" + imports + ")\n\n" +
			"// Get fetches u.\nfunc Get(u string) (*http.Response, error) {\n\treturn http.Get(u)\n}\n"
	}
	dir := e2etest.WriteModule(t, map[string]string{
		"go.mod": goMod,
		"a/a.go": get("a", ""),
		"b/b.go": get("b", "\n\t\"example.com/m/a\"\n") + "\nvar _ = a.Get\n",
		"c/c.go": get("c", ""),
	})
	bin := e2etest.Binary(t)
	log := filepath.Join(t.TempDir(), "vet.log")
	run := func() (e2etest.Result, []string) {
		t.Helper()
		os.Remove(log)
		cmd := exec.Command(bin, "./...")
		cmd.Dir, cmd.Env = dir, append(e2etest.Env(), "RETRYLINT_VETLOG="+log)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		cmd.Run()
		res := e2etest.Result{Code: cmd.ProcessState.ExitCode(), Stderr: stderr.String()}
		data, _ := os.ReadFile(log)
		var analysed []string
		for line := range strings.Lines(string(data)) {
			if !strings.HasSuffix(line, " (facts)\n") {
				analysed = append(analysed, strings.TrimSpace(line))
			}
		}
		slices.Sort(analysed)
		return res, analysed
	}
	first, analysed := run()
	if first.Code != 3 || strings.Count(first.Stderr, "(zerotimeout)\n") != 3 {
		t.Fatalf("first run: exit %d\n%s", first.Code, first.Stderr)
	}
	if want := []string{"example.com/m/a", "example.com/m/b", "example.com/m/c"}; !slices.Equal(analysed, want) {
		t.Errorf("the first run analysed %q, want %q", analysed, want)
	}
	again, analysed := run()
	if again.Code != first.Code || again.Stderr != first.Stderr || len(analysed) > 0 {
		t.Errorf("the second run analysed %q and printed (exit %d)\n%s\nwant nothing analysed and (exit %d)\n%s",
			analysed, again.Code, again.Stderr, first.Code, first.Stderr)
	}
	for _, tc := range []struct {
		file string
		want []string
	}{
		{"c/c.go", []string{"example.com/m/c"}},
		{"a/a.go", []string{"example.com/m/a", "example.com/m/b"}},
	} {
		f, err := os.OpenFile(filepath.Join(dir, tc.file), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(f, "\n// Added is new.\nfunc Added() {}\n")
		f.Close()
		res, analysed := run()
		if !slices.Equal(analysed, tc.want) || res.Stderr != first.Stderr {
			t.Errorf("after editing %s, the run analysed %q (want %q) and printed\n%s\nwant\n%s", tc.file, analysed, tc.want, res.Stderr, first.Stderr)
		}
	}
}

// visibleFact marks every object of a package, for TestFactVisibility.
type visibleFact struct{ Seen bool }

func (*visibleFact) AFact() {}

// TestFactVisibility: a pass sees the facts of its imports that x/tools'
// checker would give it, and no others (facts.go): of a package it imports,
// the facts on its exported functions, its variables, methods, fields,
// types and constants; of a package it reaches only through another, those
// on methods, fields, types and constants. An analyzer marks every object
// of each package and reports, at each package clause, which marks of other
// packages it sees (AllObjectFacts) and which it finds by object
// (ImportObjectFact); the driver in order and checker must print the same,
// and the package that reaches c only through b must not see c's function.
func TestFactVisibility(t *testing.T) {
	dir := e2etest.WriteModule(t, map[string]string{
		"go.mod": goMod,
		"c/c.go": "package c\n\nfunc F() {}\n\nfunc f() {}\n\nvar V = f\n\n" +
			"type T struct{ X int }\n\nfunc (T) M() {}\n\nconst K = 1\n",
		"b/b.go": "package b\n\nimport \"example.com/m/c\"\n\nfunc G() c.T { c.F(); return c.T{X: c.K} }\n",
		"a/a.go": "package a\n\nimport \"example.com/m/b\"\n\nvar _ = b.G().X\n\nvar _ = b.G().M\n",
	})
	name := func(obj types.Object) string {
		if fn, ok := obj.(*types.Func); ok && fn.Signature().Recv() != nil {
			return obj.Pkg().Name() + "." + types.TypeString(fn.Signature().Recv().Type(), func(*types.Package) string { return "" }) + "." + obj.Name()
		}
		return obj.Pkg().Name() + "." + obj.Name()
	}
	marks := &analysis.Analyzer{
		Name:      "marks",
		Doc:       "mark every object; report the marks of other packages seen",
		FactTypes: []analysis.Fact{new(visibleFact)},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, obj := range pass.TypesInfo.Defs {
				if obj != nil && obj.Pkg() == pass.Pkg {
					pass.ExportObjectFact(obj, &visibleFact{Seen: true})
				}
			}
			var all, found []string
			for _, f := range pass.AllObjectFacts() {
				if f.Object.Pkg() != pass.Pkg {
					all = append(all, name(f.Object))
				}
			}
			for _, obj := range pass.TypesInfo.Uses {
				if obj.Pkg() != nil && obj.Pkg() != pass.Pkg && pass.ImportObjectFact(obj, new(visibleFact)) {
					found = append(found, name(obj))
				}
			}
			slices.Sort(all)
			slices.Sort(found)
			pass.Reportf(pass.Files[0].Package, "all %s; found %s",
				strings.Join(slices.Compact(all), " "), strings.Join(slices.Compact(found), " "))
			return nil, nil
		},
	}
	code, _, ordered := runHere(t, dir, []*analysis.Analyzer{marks})
	t.Setenv("RETRYLINT_INPROCESS", "1")
	checkerCode, _, checker := runHere(t, dir, []*analysis.Analyzer{marks})
	if code != checkerCode || ordered != checker {
		t.Errorf("in order, exit %d:\n%s\nchecker, exit %d:\n%s", code, ordered, checkerCode, checker)
	}
	for _, want := range []string{
		"a/a.go:1:1: all b.G c.K c.T c.T.M c.X; found b.G c.T.M c.X (marks)",
		"b/b.go:1:1: all c.F c.K c.T c.T.M c.V c.X; found c.F c.K c.T c.X (marks)",
	} {
		if !strings.Contains(ordered, want) {
			t.Errorf("the output lacks %q:\n%s", want, ordered)
		}
	}
}
