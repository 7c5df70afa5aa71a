package retrysite_test

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/testutil"
)

// show reports every site the recogniser finds, so the testdata's // want
// comments prove what it finds (kind, bound, waits) and, by their absence,
// what it rejects.
var show = testutil.ResultReporter("showsites", "report the retry sites found by retrysite (test only)", retrysite.Analyzer,
	func(pass *analysis.Pass, res *retrysite.Result) {
		for _, s := range res.Sites {
			msg := fmt.Sprintf("%s, %s%s", s.Kind, s.Bound, describeWaits(s.Waits))
			if s.Kind == retrysite.Loop && s.Call == nil {
				msg += ", no attempt call"
			}
			if s.Kind != retrysite.Loop {
				msg += ", runner " + s.Runner.Name()
				if s.Attempt == nil {
					msg += ", attempt unseen"
				}
				if s.Operation != nil {
					msg += ", op " + s.Operation.Name()
				}
			}
			pass.Reportf(s.Node.Pos(), "%s", msg)
		}
		for _, s := range res.Periodic {
			msg := "periodic loop" + describeWaits(s.Waits)
			if s.Call != nil {
				msg += ", polls " + types(s.Call.Fun)
			}
			pass.Reportf(s.Node.Pos(), "%s", msg)
		}
	})

func describeWaits(ws []retrysite.Wait) string {
	if len(ws) == 0 {
		return ", no wait"
	}
	var parts []string
	for _, w := range ws {
		name := map[retrysite.WaitKind]string{retrysite.Sleep: "sleep", retrysite.After: "after",
			retrysite.Timer: "timer", retrysite.Tick: "tick", retrysite.LibBackoff: "backoff"}[w.Kind]
		if w.Duration != nil {
			name += "(" + types(w.Duration) + ")"
		}
		if w.Via != nil {
			name += "(in " + w.Via.Name() + ")"
		}
		parts = append(parts, name)
	}
	return ", waits " + strings.Join(parts, " ")
}

func types(e ast.Expr) string {
	var b strings.Builder
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(id.Name)
		}
		return true
	})
	return b.String()
}

func TestLoops(t *testing.T) { testutil.Run(t, show, "retrysite/loops") }

func TestLibraries(t *testing.T) { testutil.Run(t, show, "retrysite/libs") }

// TestRealLibs finds the same library sites in code built against the real
// libraries (testdata/reallibs), the same sites in loops that log through
// the real zap, and the same verdicts on loops paced by the real
// golang.org/x/time/rate and on loops around the real golang.org/x/sys/unix.
func TestRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, show, "./nojitter/sites", "./retrysite/logging", "./retrysite/throttle", "./retrysite/syscalls")
}

// BenchmarkRecogniser runs the recogniser over its test packages and all
// their dependencies (the standard library included, as under go vet).
func BenchmarkRecogniser(b *testing.B) {
	pkgs := testutil.LoadTree(b, testutil.Tree(b), "retrysite/loops", "retrysite/libs", "nojitter/loops")
	for b.Loop() {
		if _, err := checker.Analyze([]*analysis.Analyzer{retrysite.Analyzer}, pkgs, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRunnerFacts checks the facts the recogniser exports for runners of the
// user's own and for functions that retry, and that functions taking a
// callback they do not retry get none.
func TestRunnerFacts(t *testing.T) { testutil.Run(t, retrysite.Analyzer, "retrysite/runners") }

// TestRunnerCalls finds calls to another package's runners as sites.
func TestRunnerCalls(t *testing.T) { testutil.Run(t, show, "retrysite/callers") }

// TestUserRunners: a runner named by the runners flag makes its calls sites.
func TestUserRunners(t *testing.T) {
	testutil.SetFlag(t, retrysite.Analyzer, "runners", "retrysite/userrunner.Run")
	testutil.Run(t, show, "retrysite/userrunner")
}

func TestRunnersFlagSyntax(t *testing.T) {
	v := retrysite.RunnersFlag()
	defer v.Set("")
	for _, ok := range []string{"example.com/kit/retry.Do", "example.com/kit/retry.Pacer.Call, a/b.F", ""} {
		if err := v.Set(ok); err != nil {
			t.Errorf("Set(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"Do", "example.com/kit/retry", "example.com/kit/retry.", "a/b.T.M.X"} {
		if err := v.Set(bad); err == nil {
			t.Errorf("Set(%q): no error", bad)
		}
	}
}

// TestRunnerChain: runners that forward to runners of other packages, to
// depth 2 (base <- mid <- top), generic ones included, keep the bottom
// runner's bound and make their callers' calls sites.
func TestRunnerChain(t *testing.T) {
	testutil.Run(t, show, "retrysite/chain/base", "retrysite/chain/mid", "retrysite/chain/top", "retrysite/chain/use")
}

// TestHeldRunners: a runner reached through an interface of the package
// that it implements, an unexported field, a variable or a method value,
// every value in sight and a runner, is a site; a holder that may hold a
// function that does not retry, or one set out of sight, is not. An
// operation of a named function type is called like a func(...) one; a
// predicate asked about a value the loop moves on (an error chain) walks.
func TestHeldRunners(t *testing.T) { testutil.Run(t, show, "retrysite/held") }

// TestReach: only loops whose attempt can reach another process are retry
// sites; look-alikes that re-run local work are neither sites nor pollers.
func TestReach(t *testing.T) {
	testutil.Run(t, show, "retrysite/reach", "retrysite/syscalls")
}

// TestReachFacts: a package's functions carry what they reach to others.
func TestReachFacts(t *testing.T) {
	testutil.Run(t, retrysite.Analyzer, "retrysite/reach/store")
}

// TestTestSupport: test code holds no sites: _test.go files, a harness
// package (every non-test file imports "testing", or its path has an
// element e2e; e2eclient is no such element), and functions that take
// a testing value or start an httptest server in any package; a production
// package that keeps a test hook beside its code still has its retry sites.
func TestTestSupport(t *testing.T) {
	testutil.Run(t, show, "retrysite/testsupport/fake", "retrysite/testsupport/app", "retrysite/testsupport/prod",
		"retrysite/testsupport/e2e", "retrysite/testsupport/e2eclient")
}

// TestWaitFacts: functions that always wait a fixed or a randomised time,
// and exported fields their package randomises, carry facts.
func TestWaitFacts(t *testing.T) {
	testutil.Run(t, retrysite.Analyzer, "nojitter/realshapes/pause", "nojitter/realshapes/conf")
}

// TestShapes: loop exits and waits of real code.
func TestShapes(t *testing.T) { testutil.Run(t, show, "retrysite/shapes") }

// TestNilPredicateFacts: exported predicates on an error whose answer for a
// nil error is known carry it.
func TestNilPredicateFacts(t *testing.T) {
	testutil.Run(t, retrysite.Analyzer, "retrysite/shapes/errpred")
}

// TestLogging: calls into a logging library stay in the process, so a loop
// that logs while it waits for a local lock is no site; one whose attempt
// reaches a server is.
func TestLogging(t *testing.T) { testutil.Run(t, show, "retrysite/logging") }

// TestResponsePredicates: a loop that asks a predicate of the request, the
// response and the error whether to go again is a retry site when the
// predicate answers false for a successful answer.
func TestResponsePredicates(t *testing.T) { testutil.Run(t, show, "retrysite/respredicate") }
