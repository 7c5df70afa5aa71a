package plugin

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/modroot"
)

// TestReadmeConfiguration keeps the README's Configuration section true as
// analyzers gain flags: it must name every flag of every analyzer, and no
// flag that does not exist.
func TestReadmeConfiguration(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(modroot.Dir(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Configuration\n")
	if !ok {
		t.Fatal("README.md has no Configuration section")
	}
	section, _, _ = strings.Cut(section, "\n## ")

	flags := map[string]bool{}
	for _, a := range analyzers.All() {
		a.Flags.VisitAll(func(f *flag.Flag) {
			name := "-" + a.Name + "." + f.Name
			flags[name] = true
			if !strings.Contains(section, "`"+name+"`") {
				t.Errorf("README.md's Configuration section does not document %s (%s)", name, f.Usage)
			}
		})
	}
	for _, m := range regexp.MustCompile("`(-[a-z]+\\.[a-z]+)`").FindAllStringSubmatch(section, -1) {
		if !flags[m[1]] {
			t.Errorf("README.md's Configuration section documents %s, which no analyzer defines", m[1])
		}
	}
}
