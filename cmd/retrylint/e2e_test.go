package main

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/e2etest"
	"github.com/retrylint/retrylint/internal/modroot"
)

// The end-to-end tests build the binary and run it on the sample module,
// testdata/e2e, in every way users run it. They check the diagnostics of all
// analyzers against the module's // want comments, so an analyzer's owner
// only adds a package there.

func TestMain(m *testing.M) { e2etest.Main(m) }

func skipShort(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the retrylint binary")
	}
}

// analyzerNames are the names of the analyzers the binary runs.
func analyzerNames() []string {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	return names
}

// checkText checks the text output of a run on the whole sample module (in
// dir, a copy or the module itself) against the module's expectations.
// Lines that are not diagnostics fail the test, except go vet's "# package"
// headers when vet is set. Without vet, each diagnostic must name its
// analyzer, as retrylint's own output does.
func checkText(t *testing.T, dir, out string, vet bool) []e2etest.Diagnostic {
	t.Helper()
	var names []string
	if !vet {
		names = analyzerNames()
	}
	diags, other := e2etest.ParseText(dir, out, names...)
	for _, line := range other {
		if !vet || !strings.HasPrefix(line, "# ") {
			t.Errorf("unexpected output line: %s", line)
		}
	}
	e2etest.Match(t, e2etest.Wants(t, dir), diags)
	return diags
}

func decodeJSON(t *testing.T, dir, out string) (e2etest.JSONOutput, []e2etest.Diagnostic) {
	t.Helper()
	tree, err := e2etest.DecodeJSON([]byte(out))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, e := range tree.Errors() {
		t.Errorf("analyzer error: %s", e)
	}
	diags, err := tree.Diagnostics(dir)
	if err != nil {
		t.Fatal(err)
	}
	return tree, diags
}

func TestStandalone(t *testing.T) {
	skipShort(t)
	dir := e2etest.SampleModule()
	res := e2etest.Run(t, dir, e2etest.Binary(t), "./...")
	if res.Code != 3 {
		t.Errorf("retrylint ./... exited %d, want 3 (diagnostics reported)\n%s", res.Code, res.Stderr)
	}
	checkText(t, dir, res.Stderr, false)
	if res.Stdout != "" {
		t.Errorf("stdout: %s", res.Stdout)
	}
}

func TestCleanPackageExitsZero(t *testing.T) {
	skipShort(t)
	res := e2etest.Run(t, e2etest.SampleModule(), e2etest.Binary(t), "./clean")
	if res.Code != 0 || res.Stderr != "" {
		t.Errorf("retrylint ./clean exited %d, want 0 and no output:\n%s", res.Code, res.Stderr)
	}
}

func TestLoadErrorExitsOne(t *testing.T) {
	skipShort(t)
	dir := e2etest.CopyModule(t, e2etest.SampleModule())
	broken := filepath.Join(dir, "broken")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	src := "package broken\n\nfunc F() int { return undefined }\n"
	if err := os.WriteFile(filepath.Join(broken, "broken.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := e2etest.Run(t, dir, e2etest.Binary(t), "./broken")
	if res.Code != 1 || !strings.Contains(res.Stderr, "undefined") {
		t.Errorf("retrylint on a package that does not compile exited %d, want 1 with the error:\n%s", res.Code, res.Stderr)
	}
}

func TestJSON(t *testing.T) {
	skipShort(t)
	dir := e2etest.SampleModule()
	res := e2etest.Run(t, dir, e2etest.Binary(t), "-json", "./...")
	if res.Code != 0 {
		t.Errorf("retrylint -json exited %d, want 0 (as x/tools: -json always does)\n%s", res.Code, res.Stderr)
	}
	tree, diags := decodeJSON(t, dir, res.Stdout)
	e2etest.Match(t, e2etest.Wants(t, dir), diags)

	names := analyzerNames()
	for _, d := range diags {
		if !slices.Contains(names, d.Analyzer) {
			t.Errorf("%v: reported under %q, which is not an analyzer", d, d.Analyzer)
		}
	}
	// zerotimeout's diagnostics each carry one fix, with edits in the file.
	zt := tree["example.com/sample/zerotimeout"]["zerotimeout"]
	if len(zt.Diagnostics) == 0 {
		t.Fatalf("no zerotimeout diagnostics under example.com/sample/zerotimeout; packages: %v", keys(tree))
	}
	for _, d := range zt.Diagnostics {
		if !strings.HasPrefix(d.Posn, dir) || !strings.HasPrefix(d.End, dir) {
			t.Errorf("posn %q / end %q are not absolute positions in the module", d.Posn, d.End)
		}
		if len(d.SuggestedFixes) != 1 || len(d.SuggestedFixes[0].Edits) == 0 {
			t.Errorf("%s: %s: want one fix with edits, got %+v", d.Posn, d.Message, d.SuggestedFixes)
			continue
		}
		for _, e := range d.SuggestedFixes[0].Edits {
			if filepath.Base(e.Filename) != "zerotimeout.go" || e.Start > e.End {
				t.Errorf("%s: edit %+v", d.Posn, e)
			}
		}
	}
}

func keys[V any](m map[string]V) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// checkFixed proves that the module in dir, after fixes, builds, passes
// go vet, and draws no fixable diagnostic from retrylint.
func checkFixed(t *testing.T, dir string) {
	t.Helper()
	for _, verb := range []string{"build", "vet"} {
		if res := e2etest.Go(t, dir, verb, "./..."); res.Code != 0 {
			t.Errorf("go %s ./... of the fixed module failed:\n%s", verb, res.Stderr)
		}
	}
	res := e2etest.Run(t, dir, e2etest.Binary(t), "-json", "./...")
	_, diags := decodeJSON(t, dir, res.Stdout)
	for _, d := range diags {
		if d.Fixes > 0 {
			t.Errorf("after the fixes, still a fixable diagnostic: %v (%s)", d, d.Analyzer)
		}
	}
}

// checkFixes runs a command that applies fixes (run, given the directory)
// on a copy of the sample module, checks its exit status, that zerotimeout's
// fixes were applied (want appears in its file) and that the result is
// sound. It returns the copy and what the command printed.
func checkFixes(t *testing.T, want string, code int, run func(dir string) e2etest.Result) (string, e2etest.Result) {
	t.Helper()
	dir := e2etest.CopyModule(t, e2etest.SampleModule())
	res := run(dir)
	if res.Code != code {
		t.Errorf("exit status %d, want %d:\n%s", res.Code, code, res.Stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "zerotimeout", "zerotimeout.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), want) {
		t.Errorf("the zerotimeout fixes were not applied (no %q):\n%s", want, data)
	}
	checkFixed(t, dir)
	return dir, res
}

// TestFix applies the fixes of the sample module, which has findings without
// a fix too: -fix says how many fixes it applied to each file, prints the
// findings it left as a plain run prints them, sums up, and exits 3.
func TestFix(t *testing.T) {
	skipShort(t)
	// What there is to fix: the findings, each with its number of fixes.
	before := e2etest.Run(t, e2etest.SampleModule(), e2etest.Binary(t), "-json", "./...")
	_, diags := decodeJSON(t, e2etest.SampleModule(), before.Stdout)
	perFile := make(map[string]int)
	var unfixable []e2etest.Diagnostic
	for _, d := range diags {
		rel, _ := filepath.Rel(e2etest.SampleModule(), d.File)
		if d.Fixes > 0 {
			perFile[rel]++
		} else {
			unfixable = append(unfixable, d)
		}
	}
	if len(perFile) == 0 || len(unfixable) == 0 {
		t.Fatalf("the sample module should have findings with and without fixes: %d files to fix, %d findings without a fix",
			len(perFile), len(unfixable))
	}

	dir, res := checkFixes(t, "(&http.Client{Timeout: 30 * time.Second}).Get(u)", 3, func(dir string) e2etest.Result {
		return e2etest.Run(t, dir, e2etest.Binary(t), "-fix", "./...")
	})
	left, other := e2etest.ParseText(dir, res.Stderr, analyzerNames()...)
	fixes := 0
	for rel, n := range perFile {
		fixes += n
		line := fmt.Sprintf("%s: %d %s applied", filepath.Join(dir, rel), n, map[bool]string{true: "fix", false: "fixes"}[n == 1])
		if !slices.Contains(other, line) {
			t.Errorf("-fix does not say %q", line)
		}
	}
	summary := fmt.Sprintf("retrylint: applied %d fixes to %d files; %d findings left without a fix", fixes, len(perFile), len(unfixable))
	if len(other) != len(perFile)+1 || other[len(other)-1] != summary {
		t.Errorf("-fix printed %q, want a line per file and then %q", other, summary)
	}
	// The findings left are those without a fix, where they were.
	if len(left) != len(unfixable) {
		t.Errorf("-fix left %d findings, want the %d without a fix:\n%s", len(left), len(unfixable), res.Stderr)
	}
	for i := range min(len(left), len(unfixable)) {
		rel, _ := filepath.Rel(dir, left[i].File)
		wantRel, _ := filepath.Rel(e2etest.SampleModule(), unfixable[i].File)
		if rel != wantRel || left[i].Message != unfixable[i].Message || left[i].Analyzer != unfixable[i].Analyzer {
			t.Errorf("left %s:%d %s (%s), want %s:%d %s (%s)", rel, left[i].Line, left[i].Message, left[i].Analyzer,
				wantRel, unfixable[i].Line, unfixable[i].Message, unfixable[i].Analyzer)
		}
	}
}

func TestFixDiff(t *testing.T) {
	skipShort(t)
	dir := e2etest.CopyModule(t, e2etest.SampleModule())
	before := e2etest.Snapshot(t, dir)
	res := e2etest.Run(t, dir, e2etest.Binary(t), "-fix", "-diff", "./...")
	if res.Code != 3 {
		t.Errorf("retrylint -fix -diff exited %d, want 3 (findings without a fix):\n%s", res.Code, res.Stderr)
	}
	if !regexp.MustCompile(`(?m)/zerotimeout/zerotimeout\.go: \d+ fixes in the diff$`).MatchString(res.Stderr) ||
		!regexp.MustCompile(`(?m)^retrylint: the diff holds \d+ fixes to \d+ files \(no file written\); \d+ findings left without a fix$`).MatchString(res.Stderr) {
		t.Errorf("-fix -diff does not say what the diff holds:\n%s", res.Stderr)
	}
	for _, want := range []string{"--- " + filepath.Join(dir, "zerotimeout", "zerotimeout.go"), "+++ ", "@@ ",
		"\n-	resp, err := http.Get(u)", "\n+	resp, err := (&http.Client{Timeout: 30 * time.Second}).Get(u)"} {
		if !strings.Contains(res.Stdout, want) {
			t.Errorf("the diff has no %q:\n%s", want, res.Stdout)
		}
	}
	if after := e2etest.Snapshot(t, dir); !maps.Equal(before, after) {
		t.Error("-fix -diff changed files")
	}
}

func TestGoVet(t *testing.T) {
	skipShort(t)
	dir := e2etest.SampleModule()
	res := e2etest.Go(t, dir, "vet", "-vettool="+e2etest.Binary(t), "./...")
	if res.Code != 1 {
		t.Errorf("go vet -vettool exited %d, want 1 (it reports)\n%s", res.Code, res.Stderr)
	}
	// go vet prints positions relative to the directory it runs in.
	if !regexp.MustCompile(`(?m)^(\./)?zerotimeout/zerotimeout\.go:\d+:\d+: `).MatchString(res.Stderr) {
		t.Errorf("go vet output has no relative zerotimeout positions:\n%s", res.Stderr)
	}
	diags := checkTextUnique(t, dir, res.Stderr)
	if len(diags) == 0 {
		t.Error("go vet reported nothing")
	}
}

// checkTextUnique is checkText for go vet, which may vet a file twice (in a
// package and in its test variant) and print its diagnostics twice.
func checkTextUnique(t *testing.T, dir, out string) []e2etest.Diagnostic {
	t.Helper()
	seen := make(map[string]bool)
	var lines []string
	for line := range strings.Lines(out) {
		if !seen[line] || strings.HasPrefix(line, "# ") {
			lines = append(lines, line)
		}
		seen[line] = true
	}
	return checkText(t, dir, strings.Join(lines, ""), true)
}

func TestGoFix(t *testing.T) {
	skipShort(t)
	checkFixes(t, "var Shared = http.Client{Transport: &http.Transport{", 0, func(dir string) e2etest.Result {
		return e2etest.Go(t, dir, "fix", "-fixtool="+e2etest.Binary(t), "./...")
	})
}

func TestAnalyzerFlags(t *testing.T) {
	skipShort(t)
	dir, bin := e2etest.SampleModule(), e2etest.Binary(t)

	// The bound each fix writes is in its message ("Set Timeout: 10 *
	// time.Second"; other durations of a fix, such as the dial timeout of
	// http.DefaultTransport, are not the flag's).
	res := e2etest.Run(t, dir, bin, "-json", "-zerotimeout.timeout=10s", "./zerotimeout")
	bounds := regexp.MustCompile(`"message": "[^"]*: (\d+ \* time\.\w+)"`).FindAllStringSubmatch(res.Stdout, -1)
	if len(bounds) == 0 {
		t.Errorf("-zerotimeout.timeout=10s: no fix names its bound:\n%s", res.Stdout)
	}
	for _, b := range bounds {
		if b[1] != "10 * time.Second" {
			t.Errorf("-zerotimeout.timeout=10s: a fix writes %s", b[0])
		}
	}

	res = e2etest.Run(t, dir, bin, "-json", "-zerotimeout=false", "./...")
	tree, _ := decodeJSON(t, dir, res.Stdout)
	for pkg, byAnalyzer := range tree {
		if _, ok := byAnalyzer["zerotimeout"]; ok {
			t.Errorf("-zerotimeout=false: zerotimeout still reports in %s", pkg)
		}
	}

	res = e2etest.Run(t, dir, bin, "-json", "-zerotimeout", "./...")
	tree, _ = decodeJSON(t, dir, res.Stdout)
	for pkg, byAnalyzer := range tree {
		for a := range byAnalyzer {
			if a != "zerotimeout" {
				t.Errorf("-zerotimeout: %s still reports in %s", a, pkg)
			}
		}
	}

	// A bad flag, or a bad value, even one an analyzer reads when it runs,
	// is one line and exit status 2, before anything is analysed.
	for _, tc := range []struct{ flag, want string }{
		{"-zerotimeout.timeout=0s", `invalid value "0s" for flag -zerotimeout.timeout: 0s: fixes need a positive Timeout`},
		{"-zerotimeout.timeout=soon", `invalid value "soon" for flag -zerotimeout.timeout: time: invalid duration "soon"`},
		{"-nestedretry.clients=example.com/sdk.Client.Send", `invalid value "example.com/sdk.Client.Send" for flag -nestedretry.clients: ` +
			`nestedretry: -clients entry "example.com/sdk.Client.Send": want importpath.Type.Method=N or importpath.Func=N with N >= 1`},
		{"-nojitter.runners=Do", `invalid value "Do" for flag -nojitter.runners: "Do": want importpath.Func or importpath.Type.Method`},
		{"-unkeyedpost.headers=Bad Header", `invalid value "Bad Header" for flag -unkeyedpost.headers: "Bad Header" is not a header name`},
		{"-nojitter.periodic=maybe", `invalid boolean value "maybe" for -nojitter.periodic: parse error`},
		{"-zerotimeout=maybe", `invalid boolean value "maybe" for -zerotimeout: want true or false`},
		{"-zerotimeout.bogus=1", "flag provided but not defined: -zerotimeout.bogus"},
	} {
		res = e2etest.Run(t, dir, bin, tc.flag, "./...")
		want := "retrylint: " + tc.want + " (run 'retrylint help' for the flags)\n"
		if res.Code != 2 || res.Stderr != want || res.Stdout != "" {
			t.Errorf("%s exited %d and printed\n%s%s\nwant exit 2 and\n%s", tc.flag, res.Code, res.Stdout, res.Stderr, want)
		}
	}

	// The same flags through go vet.
	res = e2etest.Go(t, dir, "vet", "-vettool="+bin, "-zerotimeout.timeout=10s", "-json", "./zerotimeout")
	if res.Code != 0 || !strings.Contains(res.Stdout+res.Stderr, "10 * time.Second") {
		t.Errorf("go vet -zerotimeout.timeout=10s -json exited %d:\n%s%s", res.Code, res.Stdout, res.Stderr)
	}
	res = e2etest.Go(t, dir, "vet", "-vettool="+bin, "-zerotimeout=false", "./zerotimeout")
	if res.Code != 0 {
		t.Errorf("go vet -zerotimeout=false exited %d, want 0:\n%s", res.Code, res.Stderr)
	}
}

func TestVersion(t *testing.T) {
	skipShort(t)
	bin := e2etest.Binary(t)
	full := e2etest.Run(t, t.TempDir(), bin, "-V=full")
	// The shape the go command parses (cmd/go/internal/work.toolID).
	re := regexp.MustCompile(`^\S+ version devel github\.com/retrylint/retrylint@\S+ .*go1\.\S+ buildID=[0-9a-f]{64}\n$`)
	if full.Code != 0 || !re.MatchString(full.Stdout) {
		t.Errorf("-V=full printed %q (exit %d), want a line matching %s", full.Stdout, full.Code, re)
	}
	version := e2etest.Run(t, t.TempDir(), bin, "version")
	if version.Code != 0 || !strings.HasPrefix(version.Stdout, "retrylint version github.com/retrylint/retrylint@") {
		t.Errorf("retrylint version printed %q (exit %d)", version.Stdout, version.Code)
	}
	// The revision is the one the go command stamped into the binary.
	out, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	if m := regexp.MustCompile(`(?m)^\s*build\s+vcs\.revision=(\S+)`).FindSubmatch(out); m != nil {
		rev := "vcs.revision=" + string(m[1])
		if !strings.Contains(full.Stdout, rev) || !strings.Contains(version.Stdout, rev) {
			t.Errorf("-V=full %q and version %q do not name %s", full.Stdout, version.Stdout, rev)
		}
	} else {
		t.Logf("the binary has no VCS information (not built from a git checkout)")
	}
}

// TestTryIt runs the README's "Try it" command, as written, from the
// repository root: it must show findings (exit 3).
func TestTryIt(t *testing.T) {
	skipShort(t)
	readme, err := os.ReadFile(filepath.Join(modroot.Dir(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "\n## Try it\n")
	if !ok {
		t.Fatal("README.md has no ## Try it section")
	}
	loc := regexp.MustCompile("(?s)```sh\n(.*?)```").FindStringSubmatchIndex(section)
	if loc == nil {
		t.Fatal("the ## Try it section has no sh block")
	}
	m := []string{section[loc[0]:loc[1]], section[loc[2]:loc[3]]}
	res := e2etest.Run(t, modroot.Dir(), "sh", "-c", m[1])
	if strings.Contains(res.Stderr, "missing go.sum entry") || strings.Contains(res.Stderr, "updates to go.mod needed") {
		t.Fatalf("testdata/e2e/go.mod is behind retrylint's own go.mod: run `cd testdata/e2e && go mod tidy`\n%s", res.Stderr)
	}
	if res.Code != 3 || !strings.Contains(res.Stderr, "http.Client has no Timeout") {
		t.Errorf("the README's Try it command\n%s exited %d, want 3 with findings:\n%s", m[1], res.Code, res.Stderr)
	}
	// The sample output the section shows is what the command prints.
	shown := regexp.MustCompile("(?s)```\n(.*?)```").FindStringSubmatch(section[loc[1]:])
	if shown == nil {
		t.Fatal("the ## Try it section shows no output")
	}
	for line := range strings.Lines(shown[1]) {
		if !strings.Contains(res.Stderr, "/"+line) {
			t.Errorf("the README shows %q, which the command does not print", strings.TrimSpace(line))
		}
	}
}
