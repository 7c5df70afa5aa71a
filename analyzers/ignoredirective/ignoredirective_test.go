package ignoredirective_test

import (
	"fmt"
	"go/parser"
	"go/token"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/analyzers/ignoredirective"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/testutil"
)

func TestIgnoreDirective(t *testing.T) {
	testutil.Run(t, ignoredirective.Analyzer, "ignoredirective")
}

// TestKnownIsAll proves that the names a directive may use are exactly the
// analyzers every driver runs.
func TestKnownIsAll(t *testing.T) {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	slices.Sort(names)
	known := slices.Sorted(slices.Values(ignoredirective.Known()))
	if !slices.Equal(names, known) {
		t.Errorf("ignoredirective knows %v; analyzers.All() has %v", known, names)
	}
}

// BenchmarkProblems measures the whole per-file work of the analyzer on a
// file of 1,000 comments, a tenth of them directives.
func BenchmarkProblems(b *testing.B) {
	var src strings.Builder
	src.WriteString("package p\n\n")
	for i := range 1000 {
		if i%10 == 0 {
			fmt.Fprintf(&src, "//retrylint:ignore zerotimeout,nojitter reason %d\nvar v%d = 1\n", i, i)
		} else {
			fmt.Fprintf(&src, "// an ordinary comment %d\nvar v%d = 1\n", i, i)
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src.String(), parser.ParseComments)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, d := range report.Directives(fset, f) {
			ignoredirective.Problems(d)
		}
	}
}

// TestImportsNoAnalyzer proves that ignoredirective does not depend on the
// analyzers whose names it checks: it reads only comments, and importing them
// would make every driver that runs it alone load their code and facts.
func TestImportsNoAnalyzer(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/retrylint/retrylint/analyzers/ignoredirective").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, a := range analyzers.All() {
		if a == ignoredirective.Analyzer {
			continue
		}
		for dep := range strings.Lines(string(out)) {
			if strings.TrimSpace(dep) == "github.com/retrylint/retrylint/analyzers/"+a.Name {
				t.Errorf("ignoredirective imports %s", a.Name)
			}
		}
	}
}
