package e2etest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Error(args ...any)         { r.errs = append(r.errs, fmt.Sprint(args...)) }
func (r *recorder) Errorf(f string, a ...any) { r.errs = append(r.errs, fmt.Sprintf(f, a...)) }

func TestWants(t *testing.T) {
	dir := WriteModule(t, map[string]string{
		"go.mod": "module m\n",
		"a/a.go": "package a\n\nvar x = 1 // want `one` \"two\"\n\n// want \"three\"\nvar y = 2 /* want `four` */\n" +
			"var z = 3 // a note // want `five`\nfunc F() {} // want F:`fact only`\n// wanted is not a want comment\n",
		"a/testdata/t.go":  "package t // want `skipped`\n",
		"_b/b.go":          "package b // want `skipped`\n",
		"nested/go.mod":    "module nested\n",
		"nested/n.go":      "package n // want `skipped`\n",
		"c/c_test.go":      "package c // want `test file`\n",
		"d/broken.go":      "package d // want `broken`\nfunc {",
		"e/notes.txt":      "// want `not go`\n",
		"f/escaped.go":     "package f // want \"a\\\\.b\"\n",
		"f/multi_other.go": "package f\n",
	})
	var got []string
	for _, w := range Wants(t, dir) {
		rel, _ := filepath.Rel(dir, w.File)
		got = append(got, fmt.Sprintf("%s:%d:%s", filepath.ToSlash(rel), w.Line, w.Re))
	}
	want := []string{"a/a.go:3:one", "a/a.go:3:two", "a/a.go:5:three", "a/a.go:6:four", "a/a.go:7:five",
		"c/c_test.go:1:test file", `f/escaped.go:1:a\.b`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Wants =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestWantsBadComment(t *testing.T) {
	dir := WriteModule(t, map[string]string{"go.mod": "module m\n", "a.go": "package a // want `(`\n"})
	r := &recorder{TB: t}
	Wants(r, dir)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "missing closing )") {
		t.Errorf("a bad regexp gave errors %q", r.errs)
	}
}

func TestMatch(t *testing.T) {
	dir := WriteModule(t, map[string]string{
		"go.mod": "module m\n",
		"a.go":   "package a\n\nvar x = 1 // want `has no Timeout` `has no Timeout`\nvar y = 2 // want `jitter`\n",
	})
	wants := Wants(t, dir)
	file := filepath.Join(dir, "a.go")
	d := func(line int, msg string) Diagnostic {
		return Diagnostic{File: file, Line: line, Column: 1, Message: msg}
	}

	for _, tc := range []struct {
		name  string
		diags []Diagnostic
		errs  []string
	}{
		{"all matched", []Diagnostic{d(3, "a has no Timeout"), d(3, "b has no Timeout"), d(4, "no jitter")}, nil},
		{"one expectation per diagnostic", []Diagnostic{d(3, "a has no Timeout"), d(4, "no jitter")},
			[]string{"no diagnostic was reported matching `has no Timeout`"}},
		{"wrong line", []Diagnostic{d(3, "a has no Timeout"), d(3, "b has no Timeout"), d(5, "no jitter")},
			[]string{"unexpected diagnostic", "no diagnostic was reported matching `jitter`"}},
		{"wrong message", []Diagnostic{d(3, "a has no Timeout"), d(3, "b has no Timeout"), d(4, "retried POST")},
			[]string{"unexpected diagnostic: " + file + ":4:1: retried POST", "matching `jitter`"}},
		{"another file", []Diagnostic{d(3, "a has no Timeout"), d(3, "b has no Timeout"), d(4, "no jitter"),
			{File: filepath.Join(dir, "b.go"), Line: 3, Message: "has no Timeout"}}, []string{"unexpected diagnostic"}},
	} {
		r := &recorder{TB: t}
		Match(r, wants, tc.diags)
		if len(r.errs) != len(tc.errs) {
			t.Errorf("%s: errors %q, want %d", tc.name, r.errs, len(tc.errs))
			continue
		}
		for i, e := range tc.errs {
			if !strings.Contains(r.errs[i], e) {
				t.Errorf("%s: error %q does not contain %q", tc.name, r.errs[i], e)
			}
		}
	}
}

func TestParseText(t *testing.T) {
	dir := canonical(t.TempDir())
	out := "# example.com/sample/zerotimeout\n" +
		"zerotimeout/z.go:18:23: http.Client has no Timeout: a server blocks\n" +
		"/abs/x.go:1:2: absolute (full jitter)\n" +
		"retrylint: some error\n"
	diags, other := ParseText(dir, out)
	if len(diags) != 2 || diags[0].File != filepath.Join(dir, "zerotimeout", "z.go") || diags[0].Line != 18 ||
		diags[0].Column != 23 || diags[0].Message != "http.Client has no Timeout: a server blocks" || diags[1].File != "/abs/x.go" ||
		diags[1].Message != "absolute (full jitter)" || diags[1].Analyzer != "" {
		t.Errorf("diagnostics %v", diags)
	}
	if len(other) != 2 || other[1] != "retrylint: some error" {
		t.Errorf("other lines %q", other)
	}
}

// TestParseTextNamed reads retrylint's own format, which names the analyzer
// after the message: a line that names none, or one not given, is not a
// diagnostic.
func TestParseTextNamed(t *testing.T) {
	dir := canonical(t.TempDir())
	out := "z.go:18:23: http.Client has no Timeout (zerotimeout)\n" +
		"n.go:3:1: randomise the wait (full jitter) (nojitter)\n" +
		"n.go:4:1: randomise the wait (full jitter)\n" +
		"n.go:5:1: message (printf)\n" +
		"/abs/x.go:1:2: not written\n"
	diags, other := ParseText(dir, out, "zerotimeout", "nojitter")
	want := []Diagnostic{
		{File: filepath.Join(dir, "z.go"), Line: 18, Column: 23, Analyzer: "zerotimeout", Message: "http.Client has no Timeout"},
		{File: filepath.Join(dir, "n.go"), Line: 3, Column: 1, Analyzer: "nojitter", Message: "randomise the wait (full jitter)"},
	}
	if fmt.Sprint(diags) != fmt.Sprint(want) || diags[0].Analyzer != want[0].Analyzer || diags[1].Analyzer != want[1].Analyzer {
		t.Errorf("diagnostics %+v, want %+v", diags, want)
	}
	if len(other) != 3 {
		t.Errorf("other lines %q, want the last three", other)
	}
}

func TestDecodeJSON(t *testing.T) {
	dir := canonical(t.TempDir())
	data := `{"p": {"zerotimeout": [{"posn": "` + dir + `/a.go:3:2", "end": "` + dir + `/a.go:3:9", "message": "m",
		"suggested_fixes": [{"message": "Set Timeout", "edits": [{"filename": "a.go", "start": 1, "end": 2, "new": "x"}]}]}]}}
{"p [p.test]": {"zerotimeout": [{"posn": "` + dir + `/a.go:3:2", "end": "` + dir + `/a.go:3:9", "message": "m"}],
  "nojitter": {"error": "boom"}}}`
	out, err := DecodeJSON([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	diags, err := out.Diagnostics(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(diags) != 1 || diags[0].Analyzer != "zerotimeout" || diags[0].Line != 3 || diags[0].Fixes != 1 {
		t.Errorf("diagnostics %+v", diags)
	}
	if errs := out.Errors(); len(errs) != 1 || errs[0] != "p [p.test]: nojitter: boom" {
		t.Errorf("errors %q", errs)
	}
	if _, err := DecodeJSON([]byte(`{"p": {"a": [{"posn": "a.go:1:1", "surprise": 1}]}}`)); err == nil {
		t.Error("an unknown key was accepted")
	}
}

func TestCopyModule(t *testing.T) {
	src := WriteModule(t, map[string]string{
		"m/go.mod": "module m\n\nreplace x => ../x\nreplace y => example.com/y v1.0.0\n", "m/a.go": "package a\n",
	})
	dst := CopyModule(t, filepath.Join(src, "m"))
	data, _ := os.ReadFile(filepath.Join(dst, "go.mod"))
	if !strings.Contains(string(data), "replace x => "+filepath.ToSlash(filepath.Join(src, "x"))+"\n") ||
		!strings.Contains(string(data), "replace y => example.com/y v1.0.0\n") {
		t.Errorf("go.mod of the copy:\n%s", data)
	}
	if snap := Snapshot(t, dst); snap["a.go"] != "package a\n" {
		t.Errorf("snapshot %q", snap)
	}
}
