package analyzerdoc

import "testing"

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
