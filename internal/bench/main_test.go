package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestMedian(t *testing.T) {
	odd := median([]sample{{3 * time.Second, 1 * time.Second, 30, 300}, {1 * time.Second, 5 * time.Second, 10, 100}, {2 * time.Second, 2 * time.Second, 20, 200}})
	if odd.wall != 2*time.Second || odd.cpu != 2*time.Second || odd.rssKB != 20 || odd.treeKB != 200 {
		t.Errorf("median of three = %+v, want each figure's middle value", odd)
	}
	even := median([]sample{{1 * time.Second, 0, 10, 0}, {3 * time.Second, 0, 30, 0}})
	if even.wall != 2*time.Second || even.rssKB != 20 {
		t.Errorf("median of two = %+v, want the means of the middle values", even)
	}
}

func TestParseInput(t *testing.T) {
	root := "/r"
	for arg, want := range map[string]input{
		"e2e":                        {name: "e2e", dir: filepath.Join(root, "testdata", "e2e"), patterns: []string{"./..."}},
		"reallibs":                   {name: "reallibs", dir: filepath.Join(root, "testdata", "reallibs"), patterns: []string{"./..."}},
		"std:net/http,encoding/json": {name: "std:net/http,encoding/json", dir: root, patterns: []string{"net/http", "encoding/json"}},
		"mod:example.com/m@v1.2.3":   {name: "mod:example.com/m@v1.2.3", patterns: []string{"./..."}, module: "example.com/m@v1.2.3"},
	} {
		got, err := parseInput(root, arg)
		if err != nil || got.name != want.name || got.dir != want.dir || got.module != want.module ||
			len(got.patterns) != len(want.patterns) || got.patterns[0] != want.patterns[0] {
			t.Errorf("parseInput(%q) = %+v, %v; want %+v", arg, got, err, want)
		}
	}
	for _, bad := range []string{"./...", "mod:example.com/m"} {
		if _, err := parseInput(root, bad); err == nil {
			t.Errorf("parseInput accepted %q", bad)
		}
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

// TestSelectConfigs: -configs keeps the configurations it names, in their
// usual order, and rejects a name that none has.
func TestSelectConfigs(t *testing.T) {
	cs := configs()
	all, err := selectConfigs(cs, "")
	if err != nil || len(all) != len(cs) {
		t.Errorf("no -configs: %d configurations, %v; want all %d", len(all), err, len(cs))
	}
	got, err := selectConfigs(cs, "floor,retrylint-cold")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range got {
		names = append(names, c.name)
	}
	if want := []string{"retrylint cold", "floor"}; !slices.Equal(names, want) {
		t.Errorf("-configs=floor,retrylint-cold selected %q, want %q", names, want)
	}
	if _, err := selectConfigs(cs, "retrylint-cold,flor"); err == nil || !strings.Contains(err.Error(), "flor") {
		t.Errorf("an unknown name: err = %v, want one naming it", err)
	}
}

// TestReportWithoutFloor: with -configs leaving the floor out, the ratios
// to it are blank instead of a panic.
func TestReportWithoutFloor(t *testing.T) {
	cs, err := selectConfigs(configs(), "retrylint-cold,vet-retrylint-cold")
	if err != nil {
		t.Fatal(err)
	}
	s := []sample{{wall: time.Second, cpu: time.Second, rssKB: 1024, treeKB: 2048}}
	report(input{name: "x", dir: "/x", patterns: []string{"./..."}}, cs, [][]sample{s, s})
}
