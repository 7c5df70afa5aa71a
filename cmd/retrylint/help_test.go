package main

import (
	"flag"
	"os/exec"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/e2etest"
)

// TestHelp proves that `retrylint help <analyzer>` prints the analyzer's
// whole Doc (title line and text) and names each of its flags, as
// x/tools' multichecker promises.
func TestHelp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the retrylint binary")
	}
	bin := e2etest.Binary(t)
	for _, a := range analyzers.All() {
		out, err := exec.Command(bin, "help", a.Name).CombinedOutput()
		if err != nil {
			t.Errorf("retrylint help %s: %v\n%s", a.Name, err, out)
			continue
		}
		// The title line comes first, then the flags, then the rest of the Doc.
		title, text, _ := strings.Cut(a.Doc, "\n\n")
		for _, want := range []string{a.Name + ": " + title + "\n", strings.TrimSpace(text)} {
			if !strings.Contains(string(out), want) {
				t.Errorf("retrylint help %s does not print %q from its Doc; it prints:\n%s", a.Name, want, out)
			}
		}
		a.Flags.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(string(out), "-"+a.Name+"."+f.Name) {
				t.Errorf("retrylint help %s does not list its flag -%s.%s; it prints:\n%s", a.Name, a.Name, f.Name, out)
			}
		})
	}
}
