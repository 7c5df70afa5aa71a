package main

import (
	"encoding/json"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/internal/e2etest"
	"github.com/retrylint/retrylint/internal/modroot"
)

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
// finding: on the sample module and the real-SDK module's packages whose
// findings rest on SDK facts, go vet -json gives
// the same findings, and exit status, with the binary as its tool and with
// one built with the skip off, which must read such a dependency (it fails
// on a config whose file is missing, where the binary writes empty facts).
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

	// Of the real-SDK module, the packages whose findings rest on facts of
	// SDK packages (go-retryablehttp's StandardClient, the AWS services'
	// fresh values): go vet on all of it takes minutes per binary.
	for _, tc := range []struct{ mod, pattern string }{
		{e2etest.SampleModule(), "./..."},
		{filepath.Join(modroot.Dir(), "testdata", "reallibs"), "./zerotimeout/..."},
		{filepath.Join(modroot.Dir(), "testdata", "reallibs"), "./unkeyedpost/..."},
	} {
		mod := tc.mod
		with := e2etest.Go(t, mod, "vet", "-vettool="+bin, "-json", tc.pattern)
		without := e2etest.Go(t, mod, "vet", "-vettool="+noskip, "-json", tc.pattern)
		withTree, withoutTree := vetJSON(t, with.Stdout), vetJSON(t, without.Stdout)
		if with.Code != without.Code || !reflect.DeepEqual(withTree, withoutTree) {
			t.Errorf("%s: with the skip, exit %d and\n%s\nwithout it, exit %d and\n%s", mod, with.Code, with.Stdout, without.Code, without.Stdout)
		}
		if n := strings.Count(with.Stdout, `"posn"`); n < 10 {
			t.Errorf("%s %s: %d findings; it should have more (stderr: %s)", mod, tc.pattern, n, with.Stderr)
		}
	}
}

// vetJSON merges the objects go vet -json prints, one per package analysed,
// in an order that depends on which finished first.
func vetJSON(t *testing.T, out string) map[string]any {
	t.Helper()
	merged := make(map[string]any)
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var obj map[string]any
		if err := dec.Decode(&obj); err == io.EOF {
			return merged
		} else if err != nil {
			t.Fatalf("go vet -json: %v\n%s", err, out)
		}
		maps.Copy(merged, obj)
	}
}
