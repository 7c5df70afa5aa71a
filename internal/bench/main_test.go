package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	odd := median([]sample{{3 * time.Second, 1 * time.Second, 30}, {1 * time.Second, 5 * time.Second, 10}, {2 * time.Second, 2 * time.Second, 20}})
	if odd.wall != 2*time.Second || odd.cpu != 2*time.Second || odd.rssKB != 20 {
		t.Errorf("median of three = %+v, want each figure's middle value", odd)
	}
	even := median([]sample{{1 * time.Second, 0, 10}, {3 * time.Second, 0, 30}})
	if even.wall != 2*time.Second || even.rssKB != 20 {
		t.Errorf("median of two = %+v, want the means of the middle values", even)
	}
}

func TestParseInput(t *testing.T) {
	root := "/r"
	for arg, want := range map[string]input{
		"e2e":                        {"e2e", filepath.Join(root, "testdata", "e2e"), []string{"./..."}},
		"reallibs":                   {"reallibs", filepath.Join(root, "testdata", "reallibs"), []string{"./..."}},
		"std:net/http,encoding/json": {"std:net/http,encoding/json", root, []string{"net/http", "encoding/json"}},
	} {
		got, err := parseInput(root, arg)
		if err != nil || got.name != want.name || got.dir != want.dir || len(got.patterns) != len(want.patterns) || got.patterns[0] != want.patterns[0] {
			t.Errorf("parseInput(%q) = %+v, %v; want %+v", arg, got, err, want)
		}
	}
	if _, err := parseInput(root, "./..."); err == nil {
		t.Errorf("parseInput accepted an unknown input")
	}
}

// TestLinkTree checks that a cold cache is a copy: an entry written into it
// does not appear in the template.
func TestLinkTree(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "copy")
	if err := os.MkdirAll(filepath.Join(src, "ab"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(src, "ab", "entry-a"), []byte("compiled"), 0o644)
	os.WriteFile(filepath.Join(src, "trim.txt"), []byte("1"), 0o644)
	if err := linkTree(src, dst); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dst, "ab", "entry-a")); err != nil || string(data) != "compiled" {
		t.Fatalf("entry not copied: %q, %v", data, err)
	}
	os.WriteFile(filepath.Join(dst, "ab", "entry-vet"), []byte("vet"), 0o644)
	os.WriteFile(filepath.Join(dst, "trim.txt"), []byte("2"), 0o644)
	if _, err := os.Stat(filepath.Join(src, "ab", "entry-vet")); err == nil {
		t.Errorf("a new entry of the copy appeared in the template")
	}
	if data, _ := os.ReadFile(filepath.Join(src, "trim.txt")); string(data) != "1" {
		t.Errorf("rewriting a top-level file of the copy changed the template's")
	}
}
