package main

import (
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/e2etest"
	"github.com/retrylint/retrylint/internal/modroot"
)

func TestParsePosition(t *testing.T) {
	for _, p := range []token.Position{
		{Filename: "/a/b.go", Line: 3, Column: 7},
		{Filename: "/a/b.go", Line: 3},
		{Filename: "/a/b.go"},
		{Filename: "C:/x:y/b.go", Line: 12, Column: 1},
		{},
	} {
		if got := parsePosition(p.String()); got != p {
			t.Errorf("parsePosition(%q) = %+v, want %+v", p.String(), got, p)
		}
	}
}

// TestPrintJSONOrdersByPosition: -json prints each result's diagnostics in
// order of file, line and column (not of token.Pos, whose order across a
// package's files depends on the order they were parsed in), so that two
// runs over the same tree print the same bytes.
func TestPrintJSONOrdersByPosition(t *testing.T) {
	diag := func(posn, msg string) jsonDiagnostic { return jsonDiagnostic{Posn: posn, End: posn, Message: msg} }
	tree := jsonTree{"m/p": {"a": {diags: []jsonDiagnostic{
		diag("/m/p/plain.go:17:13", "third"),
		diag("/m/p/alias.go:12:15", "first"),
		diag("/m/p/plain.go:9:2", "second, b"),
		diag("/m/p/plain.go:9:2", "second, a"),
	}}}}
	var out strings.Builder
	if err := printJSON(&out, tree); err != nil {
		t.Fatal(err)
	}
	var got map[string]map[string][]jsonDiagnostic
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	var msgs []string
	for _, d := range got["m/p"]["a"] {
		msgs = append(msgs, d.Message)
	}
	if want := []string{"first", "second, a", "second, b", "third"}; !slices.Equal(msgs, want) {
		t.Errorf("printed in the order %q, want %q", msgs, want)
	}
}

// TestDecodeVetJSON: go vet prints one object per package; they are merged,
// and a test variant's findings in the package's own files are given under
// the package too, as the in-process driver gives them.
func TestDecodeVetJSON(t *testing.T) {
	in := `{}
{
	"m/p [m/p.test]": {"a": [
		{"posn": "/m/p/p.go:3:1", "end": "/m/p/p.go:3:5", "message": "in p"},
		{"posn": "/m/p/p_test.go:4:1", "end": "/m/p/p_test.go:4:5", "message": "in the test"}
	], "b": {"error": "boom"}}
}
{"m/p_test [m/p.test]": {"a": [{"posn": "/m/p/x_test.go:1:1", "end": "/m/p/x_test.go:1:2", "message": "external"}]}}
{"m/q": {"a": [{"posn": "/m/q/q.go:1:1", "end": "/m/q/q.go:1:2", "message": "in q"}]}}
`
	tree, err := decodeVetJSON(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"m/p [m/p.test]/a":      "in p, in the test",
		"m/p [m/p.test]/b":      "error boom",
		"m/p/a":                 "in p",
		"m/p/b":                 "error boom",
		"m/p_test [m/p.test]/a": "external",
		"m/q/a":                 "in q",
	}
	got := make(map[string]string)
	for pkg, byAnalyzer := range tree {
		for name, res := range byAnalyzer {
			var msgs []string
			for _, d := range res.diags {
				msgs = append(msgs, d.Message)
			}
			if res.err != nil {
				msgs = append(msgs, "error "+res.err.Err)
			}
			got[pkg+"/"+name] = strings.Join(msgs, ", ")
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("decoded\n%v\nwant\n%v", got, want)
	}
	if _, err := decodeVetJSON(strings.NewReader(`{"m/p": `)); err == nil {
		t.Error("a truncated output decoded without error")
	}
}

// TestVetErrors: an analyzer's error is one line; one that failed only
// because a requirement failed is reported only when nothing else explains
// its package's failure.
func TestVetErrors(t *testing.T) {
	tree := jsonTree{
		"m/a": {"x": {err: &jsonError{"boom"}}, "y": {err: &jsonError{"failed prerequisites: x"}}},
		"m/b": {"y": {err: &jsonError{"failed prerequisites: retrysite"}}},
		"m/c": {"x": {diags: []jsonDiagnostic{{Message: "found"}}}},
	}
	lines, failed := vetErrors(tree)
	want := []string{"retrylint: x failed on m/a: boom", "retrylint: y failed on m/b: failed prerequisites: retrysite"}
	if !failed || !slices.Equal(lines, want) {
		t.Errorf("vetErrors = %q, %t; want %q, true", lines, failed, want)
	}
	if lines, failed := vetErrors(jsonTree{"m/c": tree["m/c"]}); failed || lines != nil {
		t.Errorf("no error: vetErrors = %q, %t", lines, failed)
	}
}

// TestRepeatedRun: a standalone run analyses each package in a go vet tool
// process and go vet caches its output, so a second run over an unchanged
// tree analyses nothing and prints the same; after an edit, the edited
// package and those that import it are analysed again, and nothing else.
// RETRYLINT_VETLOG lists the packages the tool analysed.
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

// TestFactFreeDependencySkipped runs the binary as go vet runs it on a
// dependency, for its facts only, with a config whose source file does not
// exist: for a standard-library package the tool must write the empty facts
// file without reading the package; for any other package it must read it
// (and so fail here), since its facts may matter.
func TestFactFreeDependencySkipped(t *testing.T) {
	bin := e2etest.Binary(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		importPath string
		skipped    bool
	}{
		{"net/http", true},
		{"vendor/golang.org/x/net/http2/hpack", true},
		{"example.com/m/a", false},
		{"golang.org/x/net/http2", false},
	} {
		out := filepath.Join(dir, "vet.out")
		os.Remove(out)
		cfg, _ := json.Marshal(map[string]any{
			"ID": tc.importPath, "ImportPath": tc.importPath, "Compiler": "gc",
			"GoFiles": []string{filepath.Join(dir, "missing.go")}, "VetxOnly": true, "VetxOutput": out,
		})
		cfgFile := filepath.Join(dir, "vet.cfg")
		if err := os.WriteFile(cfgFile, cfg, 0o644); err != nil {
			t.Fatal(err)
		}
		res := e2etest.Run(t, dir, bin, cfgFile)
		data, err := os.ReadFile(out)
		if tc.skipped {
			if res.Code != 0 || err != nil || len(data) != 0 {
				t.Errorf("%s: exit %d, facts file %q (%v), stderr %s; want exit 0 and an empty facts file, the package unread",
					tc.importPath, res.Code, data, err, res.Stderr)
			}
		} else if res.Code == 0 || !strings.Contains(res.Stderr, "missing.go") {
			t.Errorf("%s: exit %d, stderr %s; want the tool to read the package and fail on its missing file",
				tc.importPath, res.Code, res.Stderr)
		}
	}
}

// TestFactFreeSkipSameFindings proves that skipping the fact-free
// dependencies (analyzers.FactFree: the standard library) changes no
// finding: the sample module and the real-SDK module give the same -json
// output, and exit status, from the binary and from one built with the skip
// off, which must read such a dependency (it fails on a config whose file is
// missing, where the binary writes empty facts).
func TestFactFreeSkipSameFindings(t *testing.T) {
	skipShort(t)
	bin := e2etest.Binary(t)
	noskip := filepath.Join(t.TempDir(), "retrylint-noskip")
	build := exec.Command("go", "build", "-ldflags=-X=main.factFreeSkip=off", "-o", noskip, "./cmd/retrylint")
	build.Dir, build.Env = modroot.Dir(), e2etest.Env()
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}

	dir := t.TempDir()
	out := filepath.Join(dir, "vet.out")
	cfg, _ := json.Marshal(map[string]any{
		"ID": "net/http", "ImportPath": "net/http", "Compiler": "gc",
		"GoFiles": []string{filepath.Join(dir, "missing.go")}, "VetxOnly": true, "VetxOutput": out,
	})
	cfgFile := filepath.Join(dir, "vet.cfg")
	if err := os.WriteFile(cfgFile, cfg, 0o644); err != nil {
		t.Fatal(err)
	}
	if res := e2etest.Run(t, dir, noskip, cfgFile); res.Code == 0 || !strings.Contains(res.Stderr, "missing.go") {
		t.Fatalf("the binary built with the skip off skipped net/http: exit %d, stderr %s", res.Code, res.Stderr)
	}

	for _, mod := range []string{e2etest.SampleModule(), filepath.Join(modroot.Dir(), "testdata", "reallibs")} {
		with := e2etest.Run(t, mod, bin, "-json", "./...")
		without := e2etest.Run(t, mod, noskip, "-json", "./...")
		if with.Code != without.Code || with.Stdout != without.Stdout {
			t.Errorf("%s: with the skip, exit %d and\n%s\nwithout it, exit %d and\n%s", mod, with.Code, with.Stdout, without.Code, without.Stdout)
		}
		if n := strings.Count(with.Stdout, `"posn"`); n < 20 {
			t.Errorf("%s: %d findings; the module should have more (stderr: %s)", mod, n, with.Stderr)
		}
	}
}
