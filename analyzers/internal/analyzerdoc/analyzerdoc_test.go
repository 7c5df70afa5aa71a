package analyzerdoc

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestMustExtract(t *testing.T) {
	src := "// Package p does things.\n//\n// # Analyzer p\n//\n// p: report things\n//\n// Longer text.\npackage p\n"
	if got, want := MustExtract(src, "p"), "report things\n\nLonger text."; got != want {
		t.Errorf("MustExtract = %q, want %q", got, want)
	}
}

func TestMustExtractPanicsWithoutSection(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a doc.go without the analyzer's section")
		}
	}()
	MustExtract("// Package p does things.\npackage p\n", "p")
}

func TestDocument(t *testing.T) {
	src := "// Package p does things.\n//\n// # Analyzer p\n//\n// p: report things\npackage p\n"
	a := &analysis.Analyzer{Name: "p"}
	if got := Document(a, src); got != a || a.Doc != "report things" || a.URL != "https://github.com/retrylint/retrylint/blob/main/docs/p.md" {
		t.Errorf("Document gave %p, Doc %q, URL %q", got, a.Doc, a.URL)
	}
}
