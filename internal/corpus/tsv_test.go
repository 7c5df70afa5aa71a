package main

import (
	"reflect"
	"strings"
	"testing"
)

const commitA = "0123456789abcdef0123456789abcdef01234567"
const commitB = "89abcdef0123456789abcdef0123456789abcdef"

func TestParseRepos(t *testing.T) {
	in := "# repo\tcommit\tmodule_dir\tpackages\n" +
		"\n" +
		"getsentry/sentry-go\t" + commitA + "\t.\t./...\n" +
		"docker/cli\t" + commitB + "\tcmd/docker-trust\t./... ./internal/x\r\n" +
		"nats-io/nats.go\t" + commitA + "\t.\t./...\t-modfile=go_test.mod  -tags=internal_testing\n"
	got, err := ParseRepos(strings.NewReader(in), "repos.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := []Repo{
		{Name: "getsentry/sentry-go", Commit: commitA, ModuleDir: ".", Packages: []string{"./..."}, Pos: "repos.tsv:3"},
		{Name: "docker/cli", Commit: commitB, ModuleDir: "cmd/docker-trust", Packages: []string{"./...", "./internal/x"}, Pos: "repos.tsv:4"},
		{Name: "nats-io/nats.go", Commit: commitA, ModuleDir: ".", Packages: []string{"./..."}, GoFlags: "-modfile=go_test.mod -tags=internal_testing", Pos: "repos.tsv:5"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestParseReposTwoModules(t *testing.T) {
	in := "a/b\t" + commitA + "\t.\t./...\n" + "a/b\t" + commitA + "\tsub\t./...\n"
	got, err := ParseRepos(strings.NewReader(in), "repos.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1].ModuleDir != "sub" {
		t.Errorf("got %+v, want two modules of a/b", got)
	}
}

func TestParseReposErrors(t *testing.T) {
	ok := "a/b\t" + commitA + "\t.\t./...\n"
	for _, tc := range []struct{ in, want string }{
		{"# header\na/b\t" + commitA + "\t.\n", "repos.tsv:2: want 4 or 5 tab-separated fields"},
		{"a/b " + commitA + " . ./...\n", "repos.tsv:1: want 4 or 5 tab-separated fields"},
		{"a/b\t" + commitA + "\t.\t./...\t-mod=mod\tx\n", "repos.tsv:1: want 4 or 5 tab-separated fields"},
		{"a/b\t" + commitA + "\t.\t./...\t-mod=mod modfile=x\n", `repos.tsv:1: goflags "-mod=mod modfile=x": "modfile=x" is not a flag`},
		{"ab\t" + commitA + "\t.\t./...\n", `repos.tsv:1: repo "ab" is not owner/name`},
		{"a/b\t0123abc\t.\t./...\n", `repos.tsv:1: commit "0123abc" is not a full 40-hex`},
		{"a/b\t" + strings.ToUpper(commitA) + "\t.\t./...\n", "repos.tsv:1: commit"},
		{"a/b\t" + commitA + "\t../x\t./...\n", `repos.tsv:1: module_dir "../x" is not a clean relative path`},
		{"a/b\t" + commitA + "\t/abs\t./...\n", `repos.tsv:1: module_dir "/abs"`},
		{"a/b\t" + commitA + "\tsub/\t./...\n", `repos.tsv:1: module_dir "sub/"`},
		{"a/b\t" + commitA + "\t.\t \n", "repos.tsv:1: no package patterns"},
		{ok + ok, "repos.tsv:2: a/b module . already listed on repos.tsv:1"},
		{ok + "a/b\t" + commitB + "\tsub\t./...\n", "repos.tsv:2: a/b pinned at " + commitB + " here but at " + commitA + " on repos.tsv:1"},
	} {
		_, err := ParseRepos(strings.NewReader(tc.in), "repos.tsv")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParseRepos(%q): error %v, want one starting %q", tc.in, err, tc.want)
		}
	}
}

func TestParseLabels(t *testing.T) {
	in := "# comment\n" +
		"nojitter\tclient.go:10-20\tproblem\tretries the upload with a fixed 1s sleep\n" +
		"zerotimeout\tinternal/http.go:7\tlookalike\t the transport has a dial and header timeout \n"
	got, err := ParseLabels(strings.NewReader(in), "labels/a+b.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := []Label{
		{Analyzer: "nojitter", Path: "client.go", Start: 10, End: 20, Verdict: "problem", Reason: "retries the upload with a fixed 1s sleep", Pos: "labels/a+b.tsv:2"},
		{Analyzer: "zerotimeout", Path: "internal/http.go", Start: 7, End: 7, Verdict: "lookalike", Reason: "the transport has a dial and header timeout", Pos: "labels/a+b.tsv:3"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

func TestParseLabelsErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"nojitter\tc.go:1-2\tproblem\n", "l.tsv:1: want 4 tab-separated fields"},
		{"#\nignoredirective\tc.go:1-2\tproblem\twhy\n", `l.tsv:2: analyzer "ignoredirective" is not one of zerotimeout, nojitter, nestedretry, unkeyedpost, retrydeadline`},
		{"nojitter\tc.go\tproblem\twhy\n", `l.tsv:1: location "c.go" is not path:start-end`},
		{"nojitter\t/abs/c.go:1-2\tproblem\twhy\n", `l.tsv:1: path "/abs/c.go" is not a clean path`},
		{"nojitter\t../c.go:1-2\tproblem\twhy\n", `l.tsv:1: path "../c.go"`},
		{"nojitter\tc.go:0-2\tproblem\twhy\n", `l.tsv:1: location "c.go:0-2": start line "0"`},
		{"nojitter\tc.go:x-2\tproblem\twhy\n", `l.tsv:1: location "c.go:x-2": start line "x"`},
		{"nojitter\tc.go:5-2\tproblem\twhy\n", `l.tsv:1: location "c.go:5-2": end line "2" is not a number at or after the start`},
		{"nojitter\tc.go:5-\tproblem\twhy\n", `l.tsv:1: location "c.go:5-": end line ""`},
		{"nojitter\tc.go:1-2\tbug\twhy\n", `l.tsv:1: verdict "bug" is not problem or lookalike`},
		{"nojitter\tc.go:1-2\tproblem\t  \n", "l.tsv:1: no reason"},
		{"nojitter\tc.go:1-2\tproblem\twhy\nnojitter\tc.go:1-2\tlookalike\twhy not\n", "l.tsv:2: nojitter c.go:1-2 already labelled on l.tsv:1"},
	} {
		_, err := ParseLabels(strings.NewReader(tc.in), "l.tsv")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParseLabels(%q): error %v, want one starting %q", tc.in, err, tc.want)
		}
	}
	// The same range under two analyzers is two labels.
	in := "nojitter\tc.go:1-2\tproblem\twhy\nnestedretry\tc.go:1-2\tlookalike\twhy not\n"
	if ls, err := ParseLabels(strings.NewReader(in), "l.tsv"); err != nil || len(ls) != 2 {
		t.Errorf("ParseLabels(%q) = %d labels, %v; want 2, nil", in, len(ls), err)
	}
}

func TestParseSample(t *testing.T) {
	in := "nojitter\ta/b\tx/y.go:12\tright\tfixed 2s sleep between reconnects to the server\n"
	got, err := ParseSample(strings.NewReader(in), "sample.tsv")
	if err != nil {
		t.Fatal(err)
	}
	want := []Judgement{{Analyzer: "nojitter", Repo: "a/b", Path: "x/y.go", Line: 12, Verdict: "right", Reason: "fixed 2s sleep between reconnects to the server", Pos: "sample.tsv:1"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	for _, tc := range []struct{ in, want string }{
		{"nojitter\ta/b\tx.go:12\tright\n", "sample.tsv:1: want 5 tab-separated fields"},
		{"nojitter\tab\tx.go:12\tright\twhy\n", `sample.tsv:1: repo "ab" is not owner/name`},
		{"nojitter\ta/b\tx.go:12-14\tright\twhy\n", `sample.tsv:1: location "x.go:12-14": a sampled finding is one line`},
		{"nojitter\ta/b\tx.go:12\tproblem\twhy\n", `sample.tsv:1: verdict "problem" is not right or wrong`},
		{"nojitter\ta/b\tx.go:12\twrong\t\n", "sample.tsv:1: no reason"},
	} {
		_, err := ParseSample(strings.NewReader(tc.in), "sample.tsv")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ParseSample(%q): error %v, want one starting %q", tc.in, err, tc.want)
		}
	}
}

func TestLabelsFile(t *testing.T) {
	if got := labelsFile("nats-io/nats.go"); got != "nats-io+nats.go.tsv" {
		t.Errorf("labelsFile = %q", got)
	}
}
