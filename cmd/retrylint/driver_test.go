package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/format"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/e2etest"
)

// The tests of the standalone driver's behaviour: the binary on small
// modules written for each case (and on the sample module).

const goMod = "module example.com/m\n\ngo 1.25\n"

// sortDiags orders diagnostics by position, then analyzer and message.
func sortDiags(ds []e2etest.Diagnostic) {
	slices.SortFunc(ds, func(a, b e2etest.Diagnostic) int {
		return strings.Compare(fmt.Sprintf("%s:%09d:%09d:%s:%s", a.File, a.Line, a.Column, a.Analyzer, a.Message),
			fmt.Sprintf("%s:%09d:%09d:%s:%s", b.File, b.Line, b.Column, b.Analyzer, b.Message))
	})
}

// TestTextNamesAnalyzer: each line of the plain output names the analyzer
// that reported it, the one -json files it under (and the name
// //retrylint:ignore takes).
func TestTextNamesAnalyzer(t *testing.T) {
	skipShort(t)
	dir, bin := e2etest.SampleModule(), e2etest.Binary(t)
	text := checkText(t, dir, e2etest.Run(t, dir, bin, "./...").Stderr, false)
	_, fromJSON := decodeJSON(t, dir, e2etest.Run(t, dir, bin, "-json", "./...").Stdout)
	for i := range fromJSON {
		fromJSON[i].Fixes = 0 // not in the text output
	}
	sortDiags(text)
	sortDiags(fromJSON)
	if len(text) == 0 || fmt.Sprintf("%+v", text) != fmt.Sprintf("%+v", fromJSON) {
		t.Errorf("the text output names\n%+v\nwhile -json has\n%+v", text, fromJSON)
	}
}

// TestTags: -tags selects the files a build with those tags compiles.
func TestTags(t *testing.T) {
	skipShort(t)
	dir := e2etest.WriteModule(t, map[string]string{
		"go.mod": goMod,
		"p/p.go": "package p\n",
		"p/foo.go": "//go:build foo\n\npackage p\n\nimport \"net/http\"\n\n" +
			"func Get(u string) (*http.Response, error) {\n\treturn http.Get(u) // want `http.Get uses http.DefaultClient`\n}\n",
	})
	bin := e2etest.Binary(t)
	if res := e2etest.Run(t, dir, bin, "./..."); res.Code != 0 || res.Stderr != "" {
		t.Errorf("without -tags, the foo file is no part of the build: exit %d\n%s", res.Code, res.Stderr)
	}
	for _, args := range [][]string{{"-tags=foo"}, {"-tags", "bar,foo"}} {
		res := e2etest.Run(t, dir, bin, append(args, "./...")...)
		if res.Code != 3 {
			t.Errorf("%v: exit %d, want 3\n%s", args, res.Code, res.Stderr)
		}
		checkText(t, dir, res.Stderr, false)
	}
	res := e2etest.Run(t, dir, bin, "-json", "-tags=foo", "./...")
	if _, diags := decodeJSON(t, dir, res.Stdout); len(diags) != 1 {
		t.Errorf("-json -tags=foo: %d diagnostics, want 1\n%s", len(diags), res.Stdout)
	}
}

// cgoEnabled skips the test unless the go command builds cgo.
func cgoEnabled(t *testing.T) {
	t.Helper()
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is not enabled (no C compiler)")
	}
}

// TestCgo: a file that imports "C" is analysed like any other (drivers
// parse cmd/cgo's translation of it, "generated" in the build cache, whose
// positions map back to it), and a //retrylint:ignore in it silences what it
// names. Its fixes (see TestFixCgo) apply to it alone: -fix writes what
// -json's edits give, and the module still builds.
func TestCgo(t *testing.T) {
	skipShort(t)
	cgoEnabled(t)
	src := `package cg

// int add(int a, int b) { return a + b; }
import "C"

import (
	"net"
	"net/http"
	"time"
)

// Add adds in C.
func Add(a, b int) int { return int(C.add(C.int(a), C.int(b))) }

// Get fetches u.
func Get(u string) (*http.Response, error) {
	return http.Get(u) // want ` + "`http.Get uses http.DefaultClient`" + `
}

// Ignored is silenced.
func Ignored(u string) (*http.Response, error) {
	//retrylint:ignore zerotimeout the test server answers at once
	return http.Get(u)
}

// Dialer and Wait use net and time.
var (
	Dialer net.Dialer
	Wait   = time.Second
)
`
	dir := e2etest.WriteModule(t, map[string]string{"go.mod": goMod, "cg/cg.go": src})
	bin := e2etest.Binary(t)
	res := e2etest.Run(t, dir, bin, "./...")
	if res.Code != 3 {
		t.Errorf("exit %d, want 3\n%s", res.Code, res.Stderr)
	}
	checkText(t, dir, res.Stderr, false)

	// -json's edits, applied to the file, give what -fix writes.
	res = e2etest.Run(t, dir, bin, "-json", "./...")
	tree, diags := decodeJSON(t, dir, res.Stdout)
	if len(diags) != 1 {
		t.Fatalf("-json: %+v, want one diagnostic\n%s", diags, res.Stdout)
	}
	file := filepath.Join(dir, "cg", "cg.go")
	want := []byte(src)
	if fixes := tree["example.com/m/cg"]["zerotimeout"].Diagnostics[0].SuggestedFixes; len(fixes) > 0 {
		for _, e := range slices.Backward(fixes[0].Edits) {
			if e.Filename != file {
				t.Fatalf("an edit of %s, want %s", e.Filename, file)
			}
			want = slices.Concat(want[:e.Start], []byte(e.New), want[e.End:])
		}
		// -fix formats what it writes.
		formatted, err := format.Source(want)
		if err != nil {
			t.Fatalf("-json's edits leave a file that does not parse: %v\n%s", err, want)
		}
		want = formatted
	}
	res = e2etest.Run(t, dir, bin, "-fix", "./...")
	fixed, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fixed, want) {
		t.Errorf("-fix (exit %d) wrote\n%s\nwhile -json's edits give\n%s\n%s", res.Code, fixed, want, res.Stderr)
	}
	if res := e2etest.Go(t, dir, "build", "./..."); res.Code != 0 {
		t.Errorf("the module does not build after -fix:\n%s", res.Stderr)
	}
}

// TestExitStatuses checks each exit status the README documents, with what
// each run prints.
func TestExitStatuses(t *testing.T) {
	skipShort(t)
	sample := e2etest.SampleModule()
	broken := e2etest.WriteModule(t, map[string]string{
		"go.mod":     goMod,
		"ok/ok.go":   "package ok\n\nimport \"net/http\"\n\n// Get fetches u.\nfunc Get(u string) (*http.Response, error) {\n\treturn http.Get(u)\n}\n",
		"bad/bad.go": "package bad\n\nfunc F() int { return undefined }\n",
	})
	empty := e2etest.WriteModule(t, map[string]string{"go.mod": goMod})
	for _, tc := range []struct {
		name   string
		dir    string
		args   []string
		code   int
		stderr string // a regexp the standard error must match
		json   bool   // stdout is a JSON object
	}{
		{"nothing found", sample, []string{"./clean"}, 0, `^$`, false},
		{"findings", sample, []string{"./zerotimeout"}, 3, `^(\S+\.go:\d+:\d+: .* \(zerotimeout\)\n)+$`, false},
		{"-json with findings", sample, []string{"-json", "./zerotimeout"}, 0, `^$`, true},
		{"load error", broken, []string{"./..."}, 1,
			`(?m)^\S+/bad/bad\.go:3:23: undefined: undefined\n(.|\n)*^\S+/ok/ok\.go:7:9: .* \(zerotimeout\)$`, false},
		{"-json with a load error", broken, []string{"-json", "./..."}, 0, `^\S+/bad/bad\.go:3:23: undefined: undefined\n$`, true},
		{"-fix with a load error", broken, []string{"-fix", "-diff", "./..."}, 1, `undefined: undefined`, false},
		{"no package matched", empty, []string{"./..."}, 1, `(?m)^retrylint: \./\.\.\. matched no packages\n$`, false},
		{"-json, no package matched", empty, []string{"-json", "./..."}, 1, `(?m)^retrylint: \./\.\.\. matched no packages\n$`, false},
		{"-json, no such directory", sample, []string{"-json", "./nothere"}, 0, `^-: .*nothere.*\n$`, true},
		{"no packages named", sample, nil, 2, `^retrylint: no packages to analyse: .*\n$`, false},
		{"bad flag", sample, []string{"-nojitter.periodic=often", "./..."}, 2, `^retrylint: invalid boolean value .*\n$`, false},
		{"-diff without -fix", sample, []string{"-diff", "./..."}, 2, `^retrylint: -diff shows what -fix would do: use -fix -diff\n$`, false},
		{"-json with -fix", sample, []string{"-json", "-fix", "./..."}, 2, `^retrylint: -json and -fix cannot be combined`, false},
		{"help for no analyzer", sample, []string{"help", "zerotimout"}, 2, `^retrylint: no analyzer named "zerotimout"`, false},
	} {
		res := e2etest.Run(t, tc.dir, e2etest.Binary(t), tc.args...)
		if res.Code != tc.code || !regexp.MustCompile(tc.stderr).MatchString(res.Stderr) {
			t.Errorf("%s: retrylint %s exited %d (want %d) with stderr\n%s\nwant it to match %s",
				tc.name, strings.Join(tc.args, " "), res.Code, tc.code, res.Stderr, tc.stderr)
		}
		if tc.json {
			var obj map[string]any
			if err := json.Unmarshal([]byte(res.Stdout), &obj); err != nil || len(obj) == 0 {
				t.Errorf("%s: stdout is not a JSON object of packages (%v):\n%s", tc.name, err, res.Stdout)
			}
		} else if res.Stdout != "" && !strings.Contains(strings.Join(tc.args, " "), "-diff") {
			t.Errorf("%s: stdout %q", tc.name, res.Stdout)
		}
	}
}

// TestFixAllFixedExitsZero: -fix exits 0 when it fixed every finding.
func TestFixAllFixedExitsZero(t *testing.T) {
	skipShort(t)
	dir := e2etest.WriteModule(t, map[string]string{
		"go.mod": goMod,
		"p/p.go": "package p\n\nimport \"net/http\"\n\n// Get fetches u.\nfunc Get(u string) (*http.Response, error) {\n\treturn http.Get(u)\n}\n",
	})
	res := e2etest.Run(t, dir, e2etest.Binary(t), "-fix", "./...")
	file := filepath.Join(dir, "p", "p.go")
	if want := file + ": 1 fix applied\nretrylint: applied 1 fix to 1 file\n"; res.Code != 0 || res.Stderr != want {
		t.Errorf("-fix exited %d with\n%s\nwant 0 with\n%s", res.Code, res.Stderr, want)
	}
	if res := e2etest.Run(t, dir, e2etest.Binary(t), "./..."); res.Code != 0 {
		t.Errorf("after -fix, exit %d:\n%s", res.Code, res.Stderr)
	}
}

// TestHelpPreamble: `retrylint help` says what retrylint finds, how to run
// it and where its documentation is, lists every analyzer and the flags,
// and is not x/tools' generic text.
func TestHelpPreamble(t *testing.T) {
	skipShort(t)
	res := e2etest.Run(t, t.TempDir(), e2etest.Binary(t), "help")
	if res.Code != 0 || res.Stderr != "" {
		t.Fatalf("retrylint help exited %d:\n%s", res.Code, res.Stderr)
	}
	for _, want := range []string{
		"retrylint finds, at compile time, the resilience mistakes",
		"retrylint -fix [-diff] packages",
		"go vet -vettool=$(command -v retrylint) packages",
		"file:line:col: message (analyzer)",
		"//retrylint:ignore analyzer reason",
		"Exit status: 0 nothing found, 3 findings reported",
		"Documentation: https://github.com/retrylint/retrylint#readme",
		"\n  -tags string\n", "\n  -fix\n", "\n  -json\n",
	} {
		if !strings.Contains(res.Stdout, want) {
			t.Errorf("retrylint help does not say %q:\n%s", want, res.Stdout)
		}
	}
	for _, name := range analyzerNames() {
		if !regexp.MustCompile(`(?m)^  ` + name + ` +\S`).MatchString(res.Stdout) {
			t.Errorf("retrylint help does not list %s", name)
		}
	}
	if strings.Contains(res.Stdout, "is a tool for static analysis of Go programs") {
		t.Errorf("retrylint help prints x/tools' generic preamble:\n%s", res.Stdout)
	}
	if h := e2etest.Run(t, t.TempDir(), e2etest.Binary(t), "-h"); h.Code != 0 || h.Stdout != res.Stdout {
		t.Errorf("retrylint -h exited %d and printed another text:\n%s%s", h.Code, h.Stdout, h.Stderr)
	}
}
