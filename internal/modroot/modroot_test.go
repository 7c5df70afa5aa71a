package modroot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDir(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(Dir(), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(string(data), "\n"); first != "module github.com/retrylint/retrylint" {
		t.Errorf("Dir() holds the go.mod of %q, not retrylint's", first)
	}
}
