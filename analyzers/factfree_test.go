package analyzers

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/internal/e2etest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
)

// TestFactFreeStdlib checks what FactFree promises the drivers that skip
// such packages: run on standard-library packages that make clients, send
// requests, retry and wait (and on everything they import), the analyzers
// report nothing and export no fact. httptest's Server.Client returns an
// http.Client with no Timeout, which zerotimeout would report in a user's
// package.
func TestFactFreeStdlib(t *testing.T) {
	testutil.SkipInShortMode(t, "loads the standard library from source")
	roots := []string{"net/http/httptest", "net/http/httputil", "database/sql", "net/rpc"}
	for _, path := range roots {
		if !FactFree(path) {
			t.Errorf("FactFree(%q) = false, want true", path)
		}
	}
	for _, path := range []string{"example.com/m", "golang.org/x/net/http2", "github.com/hashicorp/go-retryablehttp"} {
		if FactFree(path) {
			t.Errorf("FactFree(%q) = true, want false", path)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, roots...)
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze(All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	actions := 0
	for act := range graph.All() {
		actions++
		if !FactFree(act.Package.PkgPath) {
			t.Errorf("%s is not standard: the test's roots should import only the standard library", act.Package.PkgPath)
		}
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s reported %q", act.Package.Fset.Position(d.Pos), act.Analyzer.Name, d.Message)
		}
		for _, f := range act.AllObjectFacts() {
			t.Errorf("%s exported %T on %v", act.Analyzer.Name, f.Fact, f.Object)
		}
		for _, f := range act.AllPackageFacts() {
			t.Errorf("%s exported %T on package %s", act.Analyzer.Name, f.Fact, f.Package.Path())
		}
	}
	if actions < 100 {
		t.Errorf("%d actions ran; the roots and their dependencies should need more", actions)
	}
}

// TestFactFreeOnlyStdlib shows why FactFree stops at the standard library,
// though issue 18 asked to skip also the SDK packages the API tables
// describe and the packages that cannot reach a retry or a request: outside
// the standard library the analyzers derive facts from a dependency's own
// code that change the findings of the packages importing it, so a driver
// that skipped the dependency would lose those findings.
//
//   - An SDK package: zerotimeout derives from go-retryablehttp's code that
//     (*Client).StandardClient returns an http.Client with no Timeout (the
//     tables list the package as an SDK, but say nothing of that), and
//     reports each call of it in the importer.
//   - A package that imports nothing: a function that calls its parameter
//     (lo.Each) carries a ReachFact, one that calls it again until it
//     succeeds (lo.Attempt) is a retry runner; the importer's retry loop
//     around lo.Each, and its loop around lo.Attempt, are found through them.
//     Nothing the vet config gives (import path, imports, the dependencies'
//     facts) tells such a package from one that has no facts.
func TestFactFreeOnlyStdlib(t *testing.T) {
	testutil.SkipInShortMode(t, "loads real SDK packages from source")
	t.Run("sdk", func(t *testing.T) {
		const sdk = "github.com/hashicorp/go-retryablehttp"
		if !apis.IsSDK(sdk) || FactFree(sdk) {
			t.Fatalf("IsSDK(%q) = %t, FactFree = %t; want an SDK package that is not fact-free", sdk, apis.IsSDK(sdk), FactFree(sdk))
		}
		cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join("..", "testdata", "reallibs")}
		facts, diags := analyze(t, cfg, "./nestedretry/accessors")
		if !slices.Contains(facts[sdk], "zerotimeout *zerotimeout.UnboundedClientFact on StandardClient") {
			t.Errorf("no UnboundedClientFact on %s's StandardClient; facts there: %q", sdk, facts[sdk])
		}
		found := 0
		for _, d := range diags["example.com/reallibs/nestedretry/accessors"] {
			if strings.HasPrefix(d, "zerotimeout: retryablehttp.Client.StandardClient returns an http.Client with no Timeout") {
				found++
			}
		}
		if found == 0 {
			t.Errorf("the importer has no finding from the fact; its findings: %q", diags["example.com/reallibs/nestedretry/accessors"])
		}
	})
	t.Run("imports-nothing", func(t *testing.T) {
		dir := e2etest.WriteModule(t, map[string]string{
			"go.mod":     "module example.com/m\n\ngo 1.25\n",
			"lo/lo.go":   importFreeLo,
			"app/app.go": importFreeApp,
		})
		cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}
		facts, diags := analyze(t, cfg, "./app")
		for _, want := range []string{
			"retrysite *retrysite.ReachFact on Each",
			"retrysite *retrysite.RunnerFact on Attempt",
		} {
			if !slices.Contains(facts["example.com/m/lo"], want) {
				t.Errorf("lo: no %q; its facts: %q", want, facts["example.com/m/lo"])
			}
		}
		for _, want := range []string{
			"nojitter: retry loop waits a fixed 1s between attempts",
			"nestedretry: retry loop of up to 3 attempts calls lo.Attempt, which makes up to 4 attempts",
		} {
			if !slices.ContainsFunc(diags["example.com/m/app"], func(d string) bool { return strings.HasPrefix(d, want) }) {
				t.Errorf("app: no finding %q; its findings: %q", want, diags["example.com/m/app"])
			}
		}
	})
}

const importFreeLo = `// Package lo imports nothing.
package lo

// Each calls f on every element until one fails.
func Each(xs []string, f func(string) error) error {
	for _, x := range xs {
		if err := f(x); err != nil {
			return err
		}
	}
	return nil
}

// Attempt calls f until it succeeds, at most n times.
func Attempt(n int, f func() error) (err error) {
	for i := 0; i < n; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}
`

const importFreeApp = `package app

import (
	"context"
	"net/http"
	"time"

	"example.com/m/lo"
)

func fetch(u string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Sync fetches every URL, retrying the batch.
func Sync(urls []string) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = lo.Each(urls, fetch); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Poll retries through lo.Attempt, inside a loop that retries again.
func Poll(u string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = lo.Attempt(4, func() error { return fetch(u) }); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}
`

// analyze runs All on the packages of patterns and what they import, and
// returns, per package path, the facts each analyzer exported on that
// package's own objects ("analyzer *T on Name") and its findings
// ("analyzer: message").
func analyze(t *testing.T, cfg *packages.Config, patterns ...string) (facts, diags map[string][]string) {
	t.Helper()
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the packages do not load")
	}
	graph, err := checker.Analyze(All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	facts, diags = map[string][]string{}, map[string][]string{}
	for act := range graph.All() {
		path := act.Package.PkgPath
		for _, d := range act.Diagnostics {
			diags[path] = append(diags[path], act.Analyzer.Name+": "+d.Message)
		}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() == act.Package.Types {
				facts[path] = append(facts[path], fmt.Sprintf("%s %T on %s", act.Analyzer.Name, f.Fact, f.Object.Name()))
			}
		}
	}
	return facts, diags
}
