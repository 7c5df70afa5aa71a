package proof

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/retrylint/retrylint/internal/modroot"
)

// tree returns a GOPATH (two entries, joined for the GOPATH variable) whose
// first entry is a temporary copy of the analysistest tree testdata/src and
// whose second holds only a link to this module, so that the real
// github.com/retrylint/retrylint/retry package resolves as in the analyzers'
// own tests (which copy it; internal/proof may not import their helper).
func tree(t testing.TB) (src, gopath string) {
	t.Helper()
	root := modroot.Dir()
	dir := t.TempDir()
	src = filepath.Join(dir, "tree", "src")
	if err := os.CopyFS(src, os.DirFS(filepath.Join(root, "testdata", "src"))); err != nil {
		t.Fatalf("copying testdata/src: %v", err)
	}
	link := filepath.Join(dir, "self", "src", "github.com", "retrylint", "retrylint")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	return src, filepath.Join(dir, "tree") + string(os.PathListSeparator) + filepath.Join(dir, "self")
}

// gopathEnv is the environment of the go command for the tree.
func gopathEnv(gopath string) []string {
	return append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")
}
