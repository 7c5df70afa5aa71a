package proof

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// An edit is one text edit of a fix, as byte offsets in its file.
type edit struct {
	start, end int
	text       string
	origin     string // the diagnostic whose fix it belongs to, for messages
}

// A plan is the edits of the first fix of each diagnostic (the fix that -fix
// and go fix apply), by file name, sorted, with duplicates dropped (a file in
// a package and its test variant is reported twice; two fixes may add the
// same import).
type plan map[string][]edit

// add adds the first fix of d, unless keep says no to its file.
func (p plan) add(fset *token.FileSet, analyzer string, d analysis.Diagnostic, keep func(file string) bool) {
	if len(d.SuggestedFixes) == 0 {
		return
	}
	origin := fmt.Sprintf("%s: %s: %s", fset.Position(d.Pos), analyzer, d.Message)
	for _, e := range d.SuggestedFixes[0].TextEdits {
		start := fset.Position(e.Pos)
		end := start
		if e.End.IsValid() {
			end = fset.Position(e.End)
		}
		if keep != nil && !keep(start.Filename) {
			return
		}
		ed := edit{start.Offset, end.Offset, string(e.NewText), origin}
		if !slices.ContainsFunc(p[start.Filename], func(x edit) bool {
			return x.start == ed.start && x.end == ed.end && x.text == ed.text
		}) {
			p[start.Filename] = append(p[start.Filename], ed)
		}
	}
}

// conflicts returns, for each file, the pairs of edits of different fixes
// that overlap: applying both cannot honour both. Insertions at one point
// and edits that only touch are not conflicts.
func (p plan) conflicts() []string {
	var out []string
	for file, edits := range p {
		sortEdits(edits)
		for i := 1; i < len(edits); i++ {
			for j := 0; j < i; j++ {
				a, b := edits[j], edits[i]
				if b.start < a.end && a.start < b.end {
					out = append(out, fmt.Sprintf("%s: edit [%d,%d) %q of\n\t%s\noverlaps edit [%d,%d) %q of\n\t%s",
						file, a.start, a.end, a.text, a.origin, b.start, b.end, b.text, b.origin))
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func sortEdits(edits []edit) {
	slices.SortStableFunc(edits, func(a, b edit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return a.end - b.end
	})
}

// apply returns src with edits applied; edits must not overlap.
func apply(src []byte, edits []edit) []byte {
	sortEdits(edits)
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.start < last {
			continue // a conflict, reported by conflicts
		}
		b.Write(src[last:e.start])
		b.WriteString(e.text)
		last = e.end
	}
	b.Write(src[last:])
	return []byte(b.String())
}
