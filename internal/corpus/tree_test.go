package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestExtractConcurrent proves that runs extracting the same tree at once
// (two runs of one set, measuring different analyzers) each get the whole
// tree, and leave no half-written directory behind.
func TestExtractConcurrent(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	repo := t.TempDir()
	files := map[string]string{"go.mod": "module example.com/m\n", "a/a.go": "package a\n", "a/b/b.go": "package b\n"}
	for name, content := range files {
		p := filepath.Join(repo, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = repo
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "tree")
	commit := git("rev-parse", "HEAD")

	trees := t.TempDir()
	dest := filepath.Join(trees, "owner+name@"+commit)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() { _, errs[i] = extract(filepath.Join(repo, ".git"), commit, dest) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("extract %d: %v", i, err)
		}
	}
	for name, content := range files {
		got, err := os.ReadFile(filepath.Join(dest, filepath.FromSlash(name)))
		if err != nil || string(got) != content {
			t.Errorf("%s = %q, %v; want %q", name, got, err, content)
		}
	}
	entries, err := os.ReadDir(trees)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("trees holds %v; want only the finished tree", names)
	}
	// A finished tree is read, not written again.
	if _, err := extract(filepath.Join(repo, ".git"), commit, dest); err != nil {
		t.Errorf("extract of a finished tree: %v", err)
	}
}
