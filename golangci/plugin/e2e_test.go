package plugin_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/e2etest"
	"github.com/retrylint/retrylint/internal/modroot"
)

// The end-to-end tests run a custom golangci-lint, built from golangci/cmd,
// over the end-to-end sample module testdata/e2e, the way users run it.
//
// Building that binary cold takes minutes, so CI builds it once (.ci/run) and
// names it in $RETRYLINT_GOLANGCI. Without that variable the test builds it
// itself into the user cache directory, keyed by a hash of everything the
// binary is built from, so later runs reuse it; under -short it skips.
const binaryEnv = "RETRYLINT_GOLANGCI"

// issue is one finding in golangci-lint's JSON output.
type issue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename     string
		Line, Column int
	}
	SuggestedFixes []struct {
		Message   string
		TextEdits []struct {
			Pos, End int
			NewText  string // base64
		}
	}
}

// perAnalyzer configures one plugin per analyzer, all enabled, with every
// issue shown.
func perAnalyzer(settings map[string]string) string {
	var b strings.Builder
	b.WriteString("version: \"2\"\nlinters:\n  default: none\n  enable:\n")
	for _, a := range analyzers.All() {
		fmt.Fprintf(&b, "    - %s\n", a.Name)
	}
	b.WriteString("  settings:\n    custom:\n")
	for _, a := range analyzers.All() {
		fmt.Fprintf(&b, "      %s:\n        type: module\n        description: %s\n", a.Name, a.Name)
		if s, ok := settings[a.Name]; ok {
			fmt.Fprintf(&b, "        settings: %s\n", s)
		}
	}
	b.WriteString(showAll)
	return b.String()
}

// allInOne configures the retrylint plugin.
func allInOne(settings string) string {
	return "version: \"2\"\nlinters:\n  default: none\n  enable: [retrylint]\n  settings:\n    custom:\n" +
		"      retrylint:\n        type: module\n        description: retrylint\n        settings: " + settings + "\n" + showAll
}

// showAll lifts golangci-lint's default limits, which hide repeated findings.
const showAll = `issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`

func TestGolangciDiagnostics(t *testing.T) {
	bin := binary(t)
	dir := sample(t)
	issues := run(t, bin, dir, perAnalyzer(nil), 1)
	check(t, dir, issues, "")

	// Each analyzer with cases in the sample is seen, under its own name.
	seen := map[string]bool{}
	for _, is := range issues {
		seen[is.FromLinter] = true
	}
	for _, a := range analyzers.All() {
		if _, err := os.Stat(filepath.Join(dir, a.Name)); err == nil && !seen[a.Name] {
			t.Errorf("no finding of %s, though testdata/e2e/%s has cases", a.Name, a.Name)
		}
	}

	// The retrylint plugin reports the same findings, named after it, each
	// text starting with the analyzer's name.
	all := run(t, bin, dir, allInOne("{}"), 1)
	if len(all) != len(issues) {
		t.Errorf("the retrylint plugin reports %d findings, the per-analyzer plugins %d", len(all), len(issues))
	}
	for _, is := range all {
		if is.FromLinter != "retrylint" {
			t.Errorf("%s:%d: the retrylint plugin's finding is named %q", is.Pos.Filename, is.Pos.Line, is.FromLinter)
		}
	}
	check(t, dir, all, "(zerotimeout|nojitter|nestedretry|unkeyedpost|retrydeadline|ignoredirective): ")
}

// TestGolangciSettings proves a setting takes effect (zerotimeout's timeout
// in its fixes), under both kinds of plugin, and that an unknown one fails
// with an error naming it.
func TestGolangciSettings(t *testing.T) {
	bin := binary(t)
	dir := sample(t)
	for name, config := range map[string]string{
		"zerotimeout": perAnalyzer(map[string]string{"zerotimeout": "{timeout: 7s}"}),
		"retrylint":   allInOne("{zerotimeout: {timeout: 7s}}"),
	} {
		fixes := 0
		for _, is := range run(t, bin, dir, config, 1) {
			for _, fix := range is.SuggestedFixes {
				for _, e := range fix.TextEdits {
					text, err := base64.StdEncoding.DecodeString(e.NewText)
					if err != nil {
						t.Fatalf("NewText is not base64: %v", err)
					}
					if strings.Contains(string(text), "Timeout: ") {
						fixes++
						if !strings.Contains(string(text), "7 * time.Second") {
							t.Errorf("plugin %s with timeout 7s: a fix writes %q", name, text)
						}
					}
				}
			}
		}
		if fixes == 0 {
			t.Errorf("plugin %s: no zerotimeout fix writes a Timeout; the sample needs one", name)
		}
	}

	for config, want := range map[string]string{
		perAnalyzer(map[string]string{"zerotimeout": "{bogus: 1}"}):      `plugin(zerotimeout): newPlugin unknown setting "bogus" for analyzer zerotimeout (its settings are `,
		allInOne("{zerotimeout: {bogus: 1}}"):                            `plugin(retrylint): newPlugin unknown setting "bogus" for analyzer zerotimeout (its settings are `,
		allInOne("{zerotimout: {timeout: 7s}}"):                          `plugin(retrylint): newPlugin unknown setting "zerotimout": the retrylint plugin takes one map per analyzer`,
		perAnalyzer(map[string]string{"zerotimeout": "{timeout: soon}"}): `setting zerotimeout.timeout: invalid value "soon"`,
	} {
		out, err := golangci(bin, dir, config, "run", "./...")
		if err == nil || !strings.Contains(string(out), want) {
			t.Errorf("want a failure saying %q; got %v:\n%s", want, err, out)
		}
	}
}

// TestGolangciReadmeConfig proves the documented .golangci.yml
// (docs/golangci-lint.md) works as printed: it loads, its settings are
// accepted, and the analyzers report.
func TestGolangciReadmeConfig(t *testing.T) {
	bin := binary(t)
	dir := sample(t)
	data, err := os.ReadFile(filepath.Join(modroot.Dir(), "docs", "golangci-lint.md"))
	if err != nil {
		t.Fatal(err)
	}
	var config string
	for _, block := range strings.Split(string(data), "```yaml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		if strings.HasPrefix(block, `version: "2"`) {
			config = block
			break
		}
	}
	if config == "" {
		t.Fatal("docs/golangci-lint.md has no .golangci.yml (a yaml block starting with version: \"2\")")
	}
	// The README enables golangci-lint's standard linters too; only
	// retrylint's findings are checked.
	var ours []issue
	for _, is := range run(t, bin, dir, config+showAll, 1) {
		if _, err := os.Stat(filepath.Join(modroot.Dir(), "analyzers", is.FromLinter)); err == nil {
			ours = append(ours, is)
		}
	}
	check(t, dir, ours, "")
}

// TestGolangciNolint proves //nolint:<analyzer> silences that analyzer's
// finding, and only that analyzer's.
func TestGolangciNolint(t *testing.T) {
	bin := binary(t)
	dir := sample(t)
	// On each line with a finding and its own want comment, the comment
	// becomes //nolint:<the finding's analyzer> on odd lines and
	// //nolint:<another analyzer> on even ones, where the finding must stay.
	type site struct {
		file string
		line int
	}
	issues := run(t, bin, dir, perAnalyzer(nil), 1)
	stays := map[site]bool{}
	edits := map[string][]site{}
	for _, is := range issues {
		s := site{is.Pos.Filename, is.Pos.Line}
		if _, done := stays[s]; !done {
			stays[s] = s.line%2 == 0
			edits[s.file] = append(edits[s.file], s)
		}
	}
	names := map[site]string{} // what each edited line's //nolint names
	for _, is := range issues {
		s := site{is.Pos.Filename, is.Pos.Line}
		name := is.FromLinter
		if stays[s] {
			name = other(name)
		}
		if names[s] != "" && !strings.Contains(names[s], name) {
			name = names[s] + "," + name
		}
		names[s] = name
	}
	edited := map[site]bool{}
	for file, sites := range edits {
		path := filepath.Join(dir, file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := strings.Split(string(data), "\n")
		for _, s := range sites {
			if i := strings.Index(src[s.line-1], "// want "); i >= 0 {
				src[s.line-1] = src[s.line-1][:i] + "//nolint:" + names[s] + " // e2e"
				edited[s] = true
			}
		}
		if err := os.WriteFile(path, []byte(strings.Join(src, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if len(edited) == 0 {
		t.Skip("the sample has no finding on a line with a want comment")
	}
	t.Logf("%d lines with a //nolint", len(edited))
	seen := map[site]bool{}
	for _, is := range run(t, bin, dir, perAnalyzer(nil), -1) {
		s := site{is.Pos.Filename, is.Pos.Line}
		seen[s] = true
		if edited[s] && !stays[s] {
			t.Errorf("%s:%d: //nolint:%s did not silence: %s", s.file, s.line, names[s], is.Text)
		}
	}
	for s := range edited {
		if stays[s] && !seen[s] {
			t.Errorf("%s:%d: //nolint:%s, naming another analyzer, silenced the finding", s.file, s.line, names[s])
		}
	}
}

// TestGolangciFix proves --fix applies the fixes: the module still builds and
// vets, and nothing fixable is reported again.
func TestGolangciFix(t *testing.T) {
	bin := binary(t)
	dir := sample(t)
	before := run(t, bin, dir, perAnalyzer(nil), 1)
	fixable := 0
	for _, is := range before {
		if len(is.SuggestedFixes) > 0 {
			fixable++
		}
	}
	if fixable == 0 {
		t.Skip("the sample has no finding with a fix")
	}
	if out, err := golangci(bin, dir, perAnalyzer(nil), "run", "--fix", "./..."); err != nil && !isFindings(err) {
		t.Fatalf("golangci-lint run --fix: %v\n%s", err, out)
	}
	for _, verb := range []string{"build", "vet"} {
		if res := e2etest.Go(t, dir, verb, "./..."); res.Code != 0 {
			t.Fatalf("go %s after --fix: exit %d\n%s%s", verb, res.Code, res.Stdout, res.Stderr)
		}
	}
	after := run(t, bin, dir, perAnalyzer(nil), -1)
	for _, is := range after {
		if len(is.SuggestedFixes) > 0 {
			t.Errorf("%s:%d: still fixable after --fix: %s", is.Pos.Filename, is.Pos.Line, is.Text)
		}
	}
	t.Logf("%d findings, %d with fixes; %d left after --fix", len(before), fixable, len(after))
	if len(after) >= len(before) {
		t.Errorf("--fix left %d of %d findings", len(after), len(before))
	}
}

// other returns an analyzer name that is not name.
func other(name string) string {
	for _, a := range analyzers.All() {
		if a.Name != name {
			return a.Name
		}
	}
	return "retrylint"
}

// run runs golangci-lint with config over dir and returns its JSON findings.
// wantCode is the exit code expected (1: findings), or -1 for 0 or 1.
func run(t *testing.T, bin, dir, config string, wantCode int) []issue {
	t.Helper()
	out, err := golangci(bin, dir, config, "run", "--output.json.path=stdout", "--output.text.path=stderr", "./...")
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code != wantCode && !(wantCode == -1 && code <= 1) {
		t.Fatalf("golangci-lint exited with %d, want %d:\n%s", code, wantCode, out)
	}
	var report struct{ Issues []issue }
	if err := json.Unmarshal(firstLine(out), &report); err != nil {
		t.Fatalf("golangci-lint's JSON output: %v\n%s", err, out)
	}
	return report.Issues
}

// golangci runs bin in dir with config as its .golangci.yml; stdout first,
// then stderr.
func golangci(bin, dir, config string, args ...string) ([]byte, error) {
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(config), 0o644); err != nil {
		return nil, err
	}
	if len(args) > 0 && args[0] == "run" {
		// golangci-lint takes a lock in the temporary directory that any other
		// golangci-lint on the machine holds too: these runs own their copy of
		// the sample, so they need not wait for (or fail beside) another one.
		args = append([]string{"run", "--allow-parallel-runners"}, args[1:]...)
	}
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = e2etest.Env()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return append(stdout.Bytes(), stderr.Bytes()...), err
}

func firstLine(out []byte) []byte {
	line, _, _ := bytes.Cut(out, []byte("\n"))
	return line
}

func isFindings(err error) bool {
	ee, ok := err.(*exec.ExitError)
	return ok && ee.ExitCode() == 1
}

// check matches findings with the sample's // want comments (internal/e2etest's
// rules: one to one, anywhere in the module). prefix is a regexp the text
// starts with before the analyzer's message.
func check(t *testing.T, dir string, issues []issue, prefix string) {
	t.Helper()
	var diags []e2etest.Diagnostic
	for _, is := range issues {
		text := is.Text
		if prefix != "" {
			loc := regexp.MustCompile("^" + prefix).FindStringIndex(text)
			if loc == nil {
				t.Errorf("%s:%d: %q does not start with %s", is.Pos.Filename, is.Pos.Line, text, prefix)
				continue
			}
			text = text[loc[1]:]
		}
		file := filepath.Join(dir, is.Pos.Filename)
		if real, err := filepath.EvalSymlinks(file); err == nil {
			file = real
		}
		diags = append(diags, e2etest.Diagnostic{
			File: file, Line: is.Pos.Line, Column: is.Pos.Column,
			Analyzer: is.FromLinter, Message: text, Fixes: len(is.SuggestedFixes),
		})
	}
	e2etest.Match(t, e2etest.Wants(t, dir), diags)
}

// sample returns a temporary copy of testdata/e2e.
func sample(t *testing.T) string {
	t.Helper()
	return e2etest.CopyModule(t, e2etest.SampleModule())
}

// binary returns the custom golangci-lint: $RETRYLINT_GOLANGCI, or one built
// into the user cache directory under a hash of its inputs.
func binary(t *testing.T) string {
	t.Helper()
	if bin := os.Getenv(binaryEnv); bin != "" {
		if _, err := os.Stat(bin); err != nil {
			t.Fatalf("$%s: %v", binaryEnv, err)
		}
		return bin
	}
	if testing.Short() {
		t.Skipf("needs the custom golangci-lint: set $%s (scripts/build-golangci.sh OUT builds it), or run without -short to build it here (minutes the first time)", binaryEnv)
	}
	root := modroot.Dir()
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Skipf("no cache directory for the custom golangci-lint: %v; set $%s", err, binaryEnv)
	}
	bin := filepath.Join(cache, "retrylint", "golangci-lint-"+inputsHash(t, root))
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	t.Logf("building the custom golangci-lint into %s (minutes when Go's build cache is cold)", bin)
	tmp := bin + ".tmp"
	cmd := exec.Command(filepath.Join(root, "scripts", "build-golangci.sh"), tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/build-golangci.sh: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	// Builds of older inputs are 50 MB each and never used again.
	old, _ := filepath.Glob(filepath.Join(filepath.Dir(bin), "golangci-lint-*"))
	for _, o := range old {
		if o != bin {
			os.Remove(o)
		}
	}
	return bin
}

// inputsHash hashes what the custom binary is built from: the Go version,
// the build script, golangci/cmd and every non-test Go file and go.mod/go.sum
// of this module outside testdata.
func inputsHash(t *testing.T, root string) string {
	h := sha256.New()
	fmt.Fprintln(h, runtime.Version())
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == "testdata" || strings.HasPrefix(d.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		name := d.Name()
		if !(strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") ||
			name == "go.mod" || name == "go.sum" || rel == filepath.Join("scripts", "build-golangci.sh")) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}
