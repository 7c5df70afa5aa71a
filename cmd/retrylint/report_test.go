package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/retrylint/retrylint/analyzers/retrychain"
	"github.com/retrylint/retrylint/internal/e2etest"
	"github.com/retrylint/retrylint/internal/modroot"
)

// The report's tests run it on testdata/report, a GOPATH tree of a shop
// whose chains have known products, over the stub packages of testdata/src
// (which mirror the real modules' paths and signatures) and this module's
// retry package.

var updateReport = flag.Bool("update-report", false, "rewrite testdata/report/golden from the report's output")

// reportEnv returns the shop's directory and the environment that loads it
// in GOPATH mode: the shop, the stubs, and a link to this module.
func reportEnv(t testing.TB) (dir string, env []string) {
	t.Helper()
	root, err := filepath.Abs(modroot.Dir())
	if err != nil {
		t.Fatal(err)
	}
	self := filepath.Join(reportTmp(t), "self")
	link := filepath.Join(self, "src", "github.com", "retrylint", "retrylint")
	if _, err := os.Lstat(link); err != nil {
		if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(root, link); err != nil {
			t.Fatal(err)
		}
	}
	gopath := strings.Join([]string{filepath.Join(root, "testdata", "report"), filepath.Join(root, "testdata"), self},
		string(os.PathListSeparator))
	env = append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")
	return filepath.Join(root, "testdata", "report", "src", "shop"), env
}

var shopReport struct {
	once   sync.Once
	tmp    string
	chains []retrychain.Chain
	failed []string
	err    error
}

// reportTmp is a directory that lives as long as the test binary (the
// link to this module, shared by the tests).
func reportTmp(t testing.TB) string {
	if shopReport.tmp == "" {
		dir, err := os.MkdirTemp("", "retrylint-report-")
		if err != nil {
			t.Fatal(err)
		}
		shopReport.tmp = dir
	}
	return shopReport.tmp
}

// shopChains builds the shop's report once for the tests.
func shopChains(t *testing.T) []retrychain.Chain {
	t.Helper()
	skipShort(t)
	shopReport.once.Do(func() {
		dir, env := reportEnv(t)
		shopReport.chains, shopReport.failed, shopReport.err = buildReport(dir, env, reportOptions{args: []string{"./..."}})
	})
	if shopReport.err != nil {
		t.Fatal(shopReport.err)
	}
	if len(shopReport.failed) > 0 {
		t.Fatalf("the shop failed to load or analyse:\n%s", strings.Join(shopReport.failed, "\n"))
	}
	return shopReport.chains
}

// TestReportChains: every chain of the shop, with the product its comments
// give, in order, largest first.
func TestReportChains(t *testing.T) {
	want := []string{
		"api.handleOrder (handler) -> retryablehttp.Client.Do: handleOrder x2 -> orders.Fetch x4 -> (*store.Client).Get x2 -> retryablehttp.Client.Do x5 = 80",
		"api.Checkout (function) -> retryablehttp.Client.Do: Checkout -> orders.Fetch x4 -> (*store.Client).Get x2 -> retryablehttp.Client.Do x5 = 40",
		"main.main (main) -> retryablehttp.Client.Do: main -> orders.Fetch x4 -> (*store.Client).Get x2 -> retryablehttp.Client.Do x5 = 40",
		"orders.Fetch (function) -> retryablehttp.Client.Do: Fetch x4 -> (*store.Client).Get x2 -> retryablehttp.Client.Do x5 = 40",
		"httpsync.Sync (function) -> retryablehttp.Client.Do: Sync x3 -> push x2 -> retryablehttp.Client.Do x5 = 30",
		"budget.Notify (function) -> retryablehttp.Client.Do: Notify -> retry.Do x4 -> retryablehttp.Client.Do x5 = 20",
		"httpsync.Post (function) -> retryablehttp.Client.Do: Post x3 -> retryablehttp.Client.Do x5 = 15",
		"orders.Lookup (function) -> retryablehttp.Client.Do: Lookup -> (*store.Client).Get x2 -> retryablehttp.Client.Do x5 = 10",
		"(*store.Client).Get (method) -> retryablehttp.Client.Do: (*Client).Get x2 -> retryablehttp.Client.Do x5 = 10",
		"api.Checkout (function) -> s3.Client.PutObject: Checkout -> (*blobs.Saver).Save x3 -> blobs.Store.Put -> (*blobs.s3Store).Put -> s3.Client.PutObject x3 = 9",
		"(*blobs.Saver).Save (method) -> s3.Client.PutObject: (*Saver).Save x3 -> Store.Put -> (*s3Store).Put -> s3.Client.PutObject x3 = 9",
		"httpsync.Fetch (function) -> retryablehttp.Client.Get: Fetch -> retryablehttp.Client.Get x5 = 5",
		"poll.Health (function) -> status.example.com (own retries in poll.Health): Health x3 = 3",
		"poll.Status (function) -> poll.Status (own retries): Status x3 = 3",
	}
	var got []string
	for _, c := range shopChains(t) {
		got = append(got, fmt.Sprintf("%s (%s) -> %s: %s", c.EntryName(), c.Entry.Kind, c.Dependency, c))
	}
	if !slices.Equal(got, want) {
		t.Errorf("chains:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestReportOwnersAndBounds: the innermost layer that retries owns the
// retries; the budget and the deadline are named.
func TestReportOwnersAndBounds(t *testing.T) {
	type row struct{ owner, bounds string }
	want := map[string]row{
		"api.handleOrder":     {"retryablehttp.Client.Do", ""},
		"budget.Notify":       {"retryablehttp.Client.Do", "budget in retry.Do"},
		"orders.Lookup":       {"retryablehttp.Client.Do", "deadline in Lookup (context.WithTimeout)"},
		"(*blobs.Saver).Save": {"s3.Client.PutObject", ""},
		"poll.Status":         {"Status", ""},
	}
	seen := 0
	for _, c := range shopChains(t) {
		w, ok := want[c.EntryName()]
		if !ok {
			continue
		}
		seen++
		if got := (row{c.OwnerName(), strings.Join(c.Bounds, "; ")}); got != w {
			t.Errorf("%s: owner and bounds %q, want %q", c.EntryName(), got, w)
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of the %d entry points checked", seen, len(want))
	}
}

// TestReportFormats compares each format's output with its golden, byte
// for byte (go test -run TestReportFormats -update-report rewrites them).
func TestReportFormats(t *testing.T) {
	chains := shopChains(t)
	for name, write := range reportFormats {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := write(&buf, chains); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join(modroot.Dir(), "testdata", "report", "golden", "shop."+name)
			if *updateReport {
				if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), want) {
				t.Errorf("%s output differs from %s:\n%s", name, golden, buf.String())
			}
		})
	}
}

// TestReportJSON: the JSON decodes to the rows of the text, and every
// field it has is documented in docs/report.md.
func TestReportJSON(t *testing.T) {
	chains := shopChains(t)
	var buf bytes.Buffer
	if err := writeReportJSON(&buf, chains); err != nil {
		t.Fatal(err)
	}
	var rep jsonReport
	if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Version != reportSchemaVersion || len(rep.Chains) != len(chains) {
		t.Fatalf("version %d with %d chains, want %d with %d", rep.Version, len(rep.Chains), reportSchemaVersion, len(chains))
	}
	for i, c := range rep.Chains {
		if c.Text != chains[i].String() || c.Calls.N == nil || *c.Calls.N != chains[i].Calls.N || c.Layers[c.Owner].Name != chains[i].Layers[chains[i].Owner].Name {
			t.Errorf("chain %d: %+v does not say %s", i, c, chains[i])
		}
		if !strings.HasPrefix(c.Entry.Position, strings.TrimPrefix(c.Entry.Package, "shop/")+"/") {
			t.Errorf("chain %d: position %s is not relative to the shop", i, c.Entry.Position)
		}
	}
	doc, err := os.ReadFile(filepath.Join(modroot.Dir(), "docs", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	var generic any
	if err := json.Unmarshal(buf.Bytes(), &generic); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	collectKeys(generic, keys)
	for _, k := range []string{"within"} { // not in the shop's output, but in the schema
		if keys[k] {
			t.Errorf("the shop's JSON now has %q: take it out of this list", k)
		}
		keys[k] = true
	}
	for k := range keys {
		if !bytes.Contains(doc, []byte("`"+k+"`")) {
			t.Errorf("the JSON field %q is not documented in docs/report.md", k)
		}
	}
}

func collectKeys(v any, keys map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			keys[k] = true
			collectKeys(x, keys)
		}
	case []any:
		for _, x := range v {
			collectKeys(x, keys)
		}
	}
}

// TestReportMermaid: the markdown's mermaid block is valid in the subset of
// the flowchart syntax the report writes, and draws every chain.
func TestReportMermaid(t *testing.T) {
	chains := shopChains(t)
	var buf bytes.Buffer
	if err := writeReportMarkdown(&buf, chains); err != nil {
		t.Fatal(err)
	}
	block, err := mermaidBlock(buf.String())
	if err != nil {
		t.Fatal(err)
	}
	nodes, edges, err := checkMermaid(block)
	if err != nil {
		t.Fatalf("%v\n%s", err, block)
	}
	for _, c := range chains {
		// A chain of one layer ends at its entry point: "poll.Status x3".
		if !slices.ContainsFunc(nodes, func(l string) bool { return l == c.EntryName() || strings.HasPrefix(l, c.EntryName()+" x") }) {
			t.Errorf("no node for the entry point %s", c.EntryName())
		}
	}
	if !slices.Contains(edges, "api.handleOrder|x2|orders.Fetch") {
		t.Errorf("no edge api.handleOrder -x2-> orders.Fetch among %q", edges)
	}
}

// TestReportDocExample: docs/report.md shows the shop's markdown report as
// the report writes it, so its table and its picture are the real output
// (whose mermaid block TestReportMermaid checks).
func TestReportDocExample(t *testing.T) {
	root := modroot.Dir()
	doc, err := os.ReadFile(filepath.Join(root, "docs", "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(root, "testdata", "report", "golden", "shop.markdown"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(doc, md) {
		t.Error("docs/report.md does not show testdata/report/golden/shop.markdown as it is")
	}
}

// TestMermaidCheck: the check fails on broken blocks.
func TestMermaidCheck(t *testing.T) {
	broken := map[string]string{
		"no header":          "  n0[\"a\"]\n",
		"unknown node":       "flowchart LR\n  n0[\"a\"]\n  n0 --> n1\n",
		"unclosed label":     "flowchart LR\n  n0[\"a]\n",
		"quote in label":     "flowchart LR\n  n0[\"a\"b\"]\n",
		"bad arrow":          "flowchart LR\n  n0[\"a\"]\n  n1[\"b\"]\n  n0 -> n1\n",
		"unclosed edge text": "flowchart LR\n  n0[\"a\"]\n  n1[\"b\"]\n  n0 -->|x3 n1\n",
		"class of nothing":   "flowchart LR\n  n0[\"a\"]\n  class n1 owner\n",
		"node twice":         "flowchart LR\n  n0[\"a\"]\n  n0[\"b\"]\n",
	}
	for name, block := range broken {
		if _, _, err := checkMermaid(block); err == nil {
			t.Errorf("%s: no error for\n%s", name, block)
		}
	}
	ok := "flowchart LR\n  n0[\"(*a.T).Get\"]\n  n1[\"b.Client.Do x5\"]\n  n0 -->|x3| n1\n  classDef owner stroke-width:3px\n  class n1 owner\n"
	if _, _, err := checkMermaid(ok); err != nil {
		t.Errorf("error %v for a valid block", err)
	}
}

// mermaidBlock returns the body of the one ```mermaid block of md.
func mermaidBlock(md string) (string, error) {
	_, rest, ok := strings.Cut(md, "```mermaid\n")
	if !ok {
		return "", fmt.Errorf("no mermaid block")
	}
	body, after, ok := strings.Cut(rest, "```\n")
	if !ok || strings.Contains(after, "```") {
		return "", fmt.Errorf("the mermaid block is not closed, or is not the only one")
	}
	return body, nil
}

var (
	mermaidNode     = regexp.MustCompile(`^  (n[0-9]+)\["([^"]*)"\]$`)
	mermaidEdge     = regexp.MustCompile(`^  (n[0-9]+) -->(?:\|([^|"]+)\|)? (n[0-9]+)$`)
	mermaidClassDef = regexp.MustCompile(`^  classDef [a-z]+ [a-z-]+:[0-9a-z#]+$`)
	mermaidClass    = regexp.MustCompile(`^  class (n[0-9]+(?:,n[0-9]+)*) [a-z]+$`)
)

// checkMermaid checks a flowchart in the subset of mermaid's syntax the
// report writes (https://mermaid.js.org/syntax/flowchart.html): a
// "flowchart LR" header, nodes with quoted labels declared once, edges
// with an optional |text| between declared nodes, a classDef and the
// class statements that use it. It returns the nodes' labels and the
// edges as "from|text|to" labels.
func checkMermaid(block string) (labels, edges []string, err error) {
	lines := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
	if len(lines) == 0 || lines[0] != "flowchart LR" {
		return nil, nil, fmt.Errorf("the block does not start with flowchart LR")
	}
	label := map[string]string{}
	for i, line := range lines[1:] {
		if m := mermaidNode.FindStringSubmatch(line); m != nil {
			if _, dup := label[m[1]]; dup {
				return nil, nil, fmt.Errorf("line %d: node %s declared twice", i+2, m[1])
			}
			label[m[1]] = m[2]
			labels = append(labels, m[2])
			continue
		}
		if m := mermaidEdge.FindStringSubmatch(line); m != nil {
			from, okf := label[m[1]]
			to, okt := label[m[3]]
			if !okf || !okt {
				return nil, nil, fmt.Errorf("line %d: edge between undeclared nodes: %s", i+2, line)
			}
			edges = append(edges, from+"|"+m[2]+"|"+to)
			continue
		}
		if mermaidClassDef.MatchString(line) {
			continue
		}
		if m := mermaidClass.FindStringSubmatch(line); m != nil {
			for id := range strings.SplitSeq(m[1], ",") {
				if _, ok := label[id]; !ok {
					return nil, nil, fmt.Errorf("line %d: class of the undeclared node %s", i+2, id)
				}
			}
			continue
		}
		return nil, nil, fmt.Errorf("line %d: not a statement of the flowchart subset: %q", i+2, line)
	}
	return labels, edges, nil
}

// TestReportMin: -min keeps the chains of at least N calls, and the
// binary exits with status 3 when one reaches it, 0 when none does.
func TestReportMin(t *testing.T) {
	chains := shopChains(t)
	kept := atLeast(chains, 30)
	if len(kept) != 5 || kept[len(kept)-1].Calls.N != 30 {
		t.Errorf("-min=30 kept %d chains, the last of %s calls; want the 5 of 30 calls or more", len(kept), kept[len(kept)-1].Calls)
	}
	if got := reportStatus(kept, 30, false); got != exitFindings {
		t.Errorf("status %d with chains at -min, want %d", got, exitFindings)
	}
	if got := reportStatus(atLeast(chains, 81), 81, false); got != exitClean {
		t.Errorf("status %d with no chain at -min=81, want %d", got, exitClean)
	}
	if got := reportStatus(chains, 0, false); got != exitClean {
		t.Errorf("status %d without -min, want %d", got, exitClean)
	}

	dir, env := reportEnv(t)
	bin := e2etest.Binary(t)
	for _, tc := range []struct {
		min  string
		code int
		rows int
	}{{"30", exitFindings, 1}, {"31", exitClean, 0}} {
		res := runEnv(t, dir, env, bin, "report", "-min="+tc.min, "./httpsync")
		if res.Code != tc.code || strings.Count(res.Stdout, "\n") != 1+tc.rows || res.Stderr != "" {
			t.Errorf("report -min=%s ./httpsync: status %d, stdout\n%s\nstderr %s\nwant status %d and %d rows", tc.min, res.Code, res.Stdout, res.Stderr, tc.code, tc.rows)
		}
	}
	if res := runEnv(t, dir, env, bin, "report", "-format=svg", "./httpsync"); res.Code != exitUsage {
		t.Errorf("-format=svg: status %d, want %d", res.Code, exitUsage)
	}
}

// runEnv runs bin in dir with env, as e2etest.Run does with its own.
func runEnv(t *testing.T, dir string, env []string, bin string, args ...string) e2etest.Result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := e2etest.Result{Stdout: stdout.String(), Stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.Code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running %s: %v", bin, err)
	}
	return res
}
