// Package analyzerdoc takes each analyzer's Doc from its package
// documentation, as x/tools' own passes do, so that `retrylint help <name>`,
// go doc and the Analyzer agree and are written once; and it gives each
// analyzer the URL of its page under docs/.
package analyzerdoc

import (
	"strings"

	"golang.org/x/tools/go/analysis"
)

// pages is where the repository's docs/ folder is published.
const pages = "https://github.com/retrylint/retrylint/blob/main/docs/"

// Document completes a, named and with its Run, with its documentation:
// Doc from the "# Analyzer <a.Name>" section of docGo (the text of its
// doc.go, see MustExtract) and URL, its page docs/<a.Name>.md. It returns a,
// so that an analyzer's declaration says only what is particular to it.
func Document(a *analysis.Analyzer, docGo string) *analysis.Analyzer {
	a.Doc = MustExtract(docGo, a.Name)
	a.URL = pages + a.Name + ".md"
	return a
}

// MustExtract returns the documentation of analyzer name from src, the text
// of a doc.go file: the part of its leading comment after a
// "# Analyzer <name>" heading, whose first line "<name>: <title>" becomes
// the lowercase title line the Doc convention asks for. It panics when the
// heading is missing: a build that ships an analyzer without documentation
// should fail its first test, not print nothing.
func MustExtract(src, name string) string {
	var lines []string
	for line := range strings.Lines(src) {
		text, ok := strings.CutPrefix(strings.TrimRight(line, "\n"), "//")
		if !ok {
			break
		}
		lines = append(lines, strings.TrimPrefix(text, " "))
	}
	_, body, ok := strings.Cut(strings.Join(lines, "\n"), "# Analyzer "+name+"\n")
	if !ok {
		panic("doc.go has no # Analyzer " + name + " section")
	}
	return strings.TrimPrefix(strings.TrimSpace(body), name+": ")
}
