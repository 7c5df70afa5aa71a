package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// driverOutput is -json output of an x/tools driver run with tests: the
// package and its test variant report the same diagnostic, one analyzer
// failed on one package, ignoredirective is not measured, and one position is
// outside the tree.
const driverOutput = `{
	"example.com/x": {
		"nojitter": [
			{"posn": "/t/tree/mod/x/retry.go:12:3", "end": "/t/tree/mod/x/retry.go:12:9", "message": "retry loop waits a fixed 1s"}
		],
		"ignoredirective": [
			{"posn": "/t/tree/mod/x/retry.go:1:1", "message": "directive gives no reason"}
		]
	},
	"example.com/x [example.com/x.test]": {
		"nojitter": [
			{"posn": "/t/tree/mod/x/retry.go:12:3", "message": "retry loop waits a fixed 1s"},
			{"posn": "/t/tree/mod/x/retry_test.go:40:2", "message": "retry loop waits a fixed 2s"}
		],
		"zerotimeout": [
			{"posn": "/elsewhere/gen.go:5:1", "message": "http.Client has no Timeout"}
		]
	},
	"example.com/y": {
		"nestedretry": {"error": "internal error: boom"}
	}
}`

func TestParseJSON(t *testing.T) {
	got, errs, err := ParseJSON([]byte(driverOutput), "a/b", "/t/tree", []string{"zerotimeout", "nojitter", "nestedretry"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Finding{
		{Analyzer: "nojitter", Repo: "a/b", Path: "mod/x/retry.go", Line: 12, Col: 3, Message: "retry loop waits a fixed 1s"},
		{Analyzer: "nojitter", Repo: "a/b", Path: "mod/x/retry_test.go", Line: 40, Col: 2, Message: "retry loop waits a fixed 2s"},
		{Analyzer: "zerotimeout", Repo: "a/b", Path: "/elsewhere/gen.go", Line: 5, Col: 1, Message: "http.Client has no Timeout"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings:\ngot  %+v\nwant %+v", got, want)
	}
	if want := []string{"example.com/y: nestedretry: internal error: boom"}; !reflect.DeepEqual(errs, want) {
		t.Errorf("errors: got %q, want %q", errs, want)
	}

	// Only the analyzers asked for.
	got, _, err = ParseJSON([]byte(driverOutput), "a/b", "/t/tree", []string{"zerotimeout"})
	if err != nil || len(got) != 1 || got[0].Analyzer != "zerotimeout" {
		t.Errorf("zerotimeout only: got %+v, %v", got, err)
	}
}

func TestParseJSONEmpty(t *testing.T) {
	got, errs, err := ParseJSON([]byte("{}\n"), "a/b", "/t", analyzerNames)
	if err != nil || len(got) != 0 || len(errs) != 0 {
		t.Errorf("ParseJSON({}) = %v, %v, %v; want nothing", got, errs, err)
	}
}

func TestParseJSONErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "not the JSON of an analysis driver"},
		{"/t/x.go:1:1: http.Client has no Timeout\n", "not the JSON of an analysis driver"},
		{`{"p": {"nojitter": [{"posn": "x.go:12", "message": "m"}]}}`, `p: nojitter: position "x.go:12" is not file:line:column`},
		{`{"p": {"nojitter": [{"posn": "x.go:a:1", "message": "m"}]}}`, `p: nojitter: position "x.go:a:1"`},
		{`{"p": {"nojitter": "text"}}`, "p: nojitter: json"},
	} {
		_, _, err := ParseJSON([]byte(tc.in), "a/b", "/t", analyzerNames)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParseJSON(%q): error %v, want one starting %q", tc.in, err, tc.want)
		}
	}
}

func TestSplitPosn(t *testing.T) {
	file, line, col, err := splitPosn(`C:\w\x.go:7:12`)
	if err != nil || file != `C:\w\x.go` || line != 7 || col != 12 {
		t.Errorf("splitPosn = %q, %d, %d, %v", file, line, col, err)
	}
}

func label(analyzer, path string, start, end int, verdict string) Label {
	return Label{Analyzer: analyzer, Path: path, Start: start, End: end, Verdict: verdict, Reason: "r"}
}

func finding(analyzer, path string, line int) Finding {
	return Finding{Analyzer: analyzer, Repo: "a/b", Path: path, Line: line, Col: 1, Message: "m"}
}

func TestMatch(t *testing.T) {
	labels := []Label{
		label("nojitter", "x.go", 10, 30, "lookalike"),   // 0: a loop that polls a local file
		label("nojitter", "x.go", 15, 16, "problem"),     // 1: inside it, a retry of a remote call
		label("nestedretry", "x.go", 10, 30, "problem"),  // 2: other analyzer, same range
		label("unkeyedpost", "y.go", 5, 5, "problem"),    // 3: never reported
		label("zerotimeout", "z.go", 1, 3, "lookalike"),  // 4: never reported
		label("zerotimeout", "z.go", 7, 9, "lookalike"),  // 5: reported twice
		label("nojitter", "sub/x.go", 10, 30, "problem"), // 6: another file of the same name
	}
	findings := []Finding{
		finding("nojitter", "x.go", 10),    // the loop's first line: label 0
		finding("nojitter", "x.go", 16),    // narrowest: label 1
		finding("nojitter", "x.go", 31),    // past the range: unlabelled
		finding("nestedretry", "x.go", 30), // last line: label 2
		finding("zerotimeout", "z.go", 7),
		finding("zerotimeout", "z.go", 9),
		finding("unkeyedpost", "x.go", 15), // no unkeyedpost label there
	}
	o := Match(labels, findings)
	hits := make([]int, len(labels))
	for i, h := range o.Hits {
		hits[i] = len(h)
	}
	if want := []int{1, 1, 1, 0, 0, 2, 0}; !reflect.DeepEqual(hits, want) {
		t.Errorf("hits per label = %v, want %v", hits, want)
	}
	if want := []Finding{finding("nojitter", "x.go", 31), finding("unkeyedpost", "x.go", 15)}; !reflect.DeepEqual(o.Unlabelled, want) {
		t.Errorf("unlabelled = %+v, want %+v", o.Unlabelled, want)
	}

	for _, tc := range []struct {
		analyzer string
		want     Tally
		text     string
	}{
		{"nojitter", Tally{Problems: 2, Found: 1, Lookalikes: 1, Flagged: 1, Unlabelled: 1},
			"labelled problems found 1 of 2, look-alikes reported 1 of 1, unlabelled findings 1"},
		{"nestedretry", Tally{Problems: 1, Found: 1}, "labelled problems found 1 of 1, look-alikes reported 0 of 0, unlabelled findings 0"},
		{"zerotimeout", Tally{Lookalikes: 2, Flagged: 1}, "labelled problems found 0 of 0, look-alikes reported 1 of 2, unlabelled findings 0"},
		{"unkeyedpost", Tally{Problems: 1, Unlabelled: 1}, "labelled problems found 0 of 1, look-alikes reported 0 of 0, unlabelled findings 1"},
	} {
		var got Tally
		got.Add(o, tc.analyzer)
		if got != tc.want {
			t.Errorf("%s: tally %+v, want %+v", tc.analyzer, got, tc.want)
		}
		if got.String() != tc.text {
			t.Errorf("%s: %q, want %q", tc.analyzer, got.String(), tc.text)
		}
	}

	// Tallies add up over repositories.
	var sum Tally
	sum.Add(o, "nojitter")
	sum.Add(Match([]Label{label("nojitter", "q.go", 1, 2, "problem")}, []Finding{finding("nojitter", "q.go", 2)}), "nojitter")
	if want := (Tally{Problems: 3, Found: 2, Lookalikes: 1, Flagged: 1, Unlabelled: 1}); sum != want {
		t.Errorf("sum over two repositories %+v, want %+v", sum, want)
	}
}

func TestPrecisionAndSplit(t *testing.T) {
	js := []Judgement{
		{Analyzer: "nojitter", Repo: "a/b", Path: "x.go", Line: 31, Verdict: "right"},
		{Analyzer: "nojitter", Repo: "a/b", Path: "x.go", Line: 40, Verdict: "wrong"}, // no longer reported
		{Analyzer: "nojitter", Repo: "c/d", Path: "x.go", Line: 40, Verdict: "wrong"}, // repository not measured
		{Analyzer: "unkeyedpost", Repo: "a/b", Path: "x.go", Line: 15, Verdict: "wrong"},
	}
	if r, n := Precision(js, "nojitter"); r != 1 || n != 3 {
		t.Errorf("nojitter precision %d of %d, want 1 of 3", r, n)
	}
	if r, n := Precision(js, "zerotimeout"); r != 0 || n != 0 {
		t.Errorf("zerotimeout precision %d of %d, want 0 of 0", r, n)
	}
	unlabelled := []Finding{finding("nojitter", "x.go", 31), finding("unkeyedpost", "x.go", 15)}
	current, stale := Split(js, []string{"a/b"}, unlabelled)
	if want := []Judgement{js[0], js[3]}; !reflect.DeepEqual(current, want) {
		t.Errorf("current = %+v, want %+v", current, want)
	}
	if !reflect.DeepEqual(stale, js[1:2]) {
		t.Errorf("stale = %+v, want %+v", stale, js[1:2])
	}
	if r, n := Precision(current, "nojitter"); r != 1 || n != 1 {
		t.Errorf("nojitter precision of the current judgements %d of %d, want 1 of 1", r, n)
	}
}

func TestWriteUnlabelled(t *testing.T) {
	var b strings.Builder
	f := finding("nojitter", "x.go", 31)
	f.Message = "retry loop\twaits a fixed 1s"
	if err := WriteUnlabelled(&b, []Finding{f}); err != nil {
		t.Fatal(err)
	}
	want := "# analyzer\trepo\tpath:line\tmessage\nnojitter\ta/b\tx.go:31\tretry loop waits a fixed 1s\n"
	if b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
}

func TestFindGitDir(t *testing.T) {
	mirrors := t.TempDir()
	git := filepath.Join(mirrors, "nats-io+nats.go", "repo")
	for _, d := range []string{"objects", "refs"} {
		if err := os.MkdirAll(filepath.Join(git, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(git, "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, err := findGitDir(mirrors, "nats-io/nats.go"); err != nil || got != git {
		t.Errorf("findGitDir = %q, %v; want %q", got, err, git)
	}
	if _, err := findGitDir(mirrors, "a/b"); err == nil || !strings.Contains(err.Error(), "bring it with the fetch tool") {
		t.Errorf("findGitDir of a missing snapshot: %v", err)
	}
}

func TestGoDirective(t *testing.T) {
	if got := goDirective([]byte("module x\n\ngo 1.26.1\n\ntoolchain go1.26.2\n")); got != "1.26.1" {
		t.Errorf("goDirective = %q", got)
	}
	if got := goDirective([]byte("module x\n")); got != "" {
		t.Errorf("goDirective without a go line = %q", got)
	}
}

func TestUseModFile(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{"go.mod": "module a\n", "go.sum": "old\n", "go_test.mod": "module a\nrequire b v1\n", "go_test.sum": "b v1 h1:x\n", "vendor.mod": "module v\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := useModFile(dir, "go_test.mod"); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"go.mod": "module a\nrequire b v1\n", "go.sum": "b v1 h1:x\n"} {
		if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	// A module file without a .sum leaves go.sum alone.
	if err := useModFile(dir, "vendor.mod"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "go.sum")); string(got) != "b v1 h1:x\n" {
		t.Errorf("go.sum = %q after vendor.mod, which has no .sum", got)
	}
	for _, bad := range []string{"missing.mod", "../go.mod", "sub/go.mod"} {
		if err := useModFile(dir, bad); err == nil {
			t.Errorf("useModFile(%q) succeeded", bad)
		}
	}
}

func TestCountLines(t *testing.T) {
	dir := t.TempDir()
	for content, want := range map[string]int{"": 0, "a\n": 1, "a\nb": 2, "a\nb\n": 2} {
		p := filepath.Join(dir, "f.go")
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := countLines(p); got != want {
			t.Errorf("countLines(%q) = %d, want %d", content, got, want)
		}
	}
	if got := countLines(filepath.Join(dir, "missing.go")); got != -1 {
		t.Errorf("countLines of a missing file = %d, want -1", got)
	}
}

// TestMatchNamedPlaces: a finding reported where two layers meet is given to
// the label of each place of the repository its message names; one that
// names no labelled place, or places outside the module, is unlabelled.
func TestMatchNamedPlaces(t *testing.T) {
	fs := []Finding{
		{Analyzer: "nestedretry", Repo: "a/b", Path: "cmd/main.go", Line: 17, Message: "retry call in (*retry.Backend).Save (at example.com/m/retry/retry.go:20) retries backend.Backend.Save, " +
			"and in this program that can be (*s3.s3).Save (at example.com/m/s3/s3.go:285), or (*gs.gs).Load (at example.com/m/gs/gs.go:241, through example.com/m/gs/gs.go:248)"},
		{Analyzer: "nestedretry", Repo: "a/b", Path: "cmd/main.go", Line: 18, Message: "names example.com/other/s3/s3.go:285 and example.com/m/s3/s3.go:999"},
	}
	NamePlaces(fs, "example.com/m", "mod")
	want := []Place{{"mod/retry/retry.go", 20}, {"mod/s3/s3.go", 285}, {"mod/gs/gs.go", 241}, {"mod/gs/gs.go", 248}}
	if !reflect.DeepEqual(fs[0].Names, want) {
		t.Fatalf("Names = %v, want %v", fs[0].Names, want)
	}
	labels := []Label{
		label("nestedretry", "mod/s3/s3.go", 285, 307, "problem"), // 0
		label("nestedretry", "mod/gs/gs.go", 248, 267, "problem"), // 1: through
		label("nestedretry", "mod/gs/gs.go", 230, 300, "problem"), // 2: wider, holds 241 and 248
		label("nojitter", "mod/s3/s3.go", 285, 307, "problem"),    // 3: another analyzer
	}
	o := Match(labels, fs)
	hits := make([]int, len(labels))
	for i, h := range o.Hits {
		hits[i] = len(h)
	}
	if want := []int{1, 1, 1, 0}; !reflect.DeepEqual(hits, want) {
		t.Errorf("hits per label = %v, want %v", hits, want)
	}
	if len(o.Unlabelled) != 1 || o.Unlabelled[0].Line != 18 {
		t.Errorf("unlabelled = %+v, want the finding at line 18", o.Unlabelled)
	}
}
