package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"

	"golang.org/x/tools/go/analysis/checker"
)

// The -json output has the schema of x/tools' drivers (go vet -json prints
// the same): package ID, then analyzer name, then the diagnostics of that
// analyzer on that package or its error.
type (
	jsonTree map[string]map[string]any

	jsonError struct {
		Err string `json:"error"`
	}

	jsonDiagnostic struct {
		Category       string        `json:"category,omitempty"`
		Posn           string        `json:"posn"`
		End            string        `json:"end"`
		Message        string        `json:"message"`
		SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated `json:"related,omitempty"`
	}

	jsonFix struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	}

	jsonEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}

	jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
)

// printJSON prints the diagnostics of the root actions and the errors of
// every action. Each edit is given in the file it applies to (see
// sources.locate): a fix with an edit that cannot be located is left out,
// so that no client applies it to the wrong bytes.
func printJSON(w io.Writer, graph *checker.Graph) error {
	src := newSources()
	tree := make(jsonTree)
	add := func(pkg, analyzer string, v any) {
		if tree[pkg] == nil {
			tree[pkg] = make(map[string]any)
		}
		tree[pkg][analyzer] = v
	}
	for act := range graph.All() {
		if act.Err != nil {
			add(act.Package.ID, act.Analyzer.Name, jsonError{act.Err.Error()})
			continue
		}
		if !act.IsRoot || len(act.Diagnostics) == 0 {
			continue
		}
		fset := act.Package.Fset
		diags := make([]jsonDiagnostic, 0, len(act.Diagnostics))
		for _, d := range act.Diagnostics {
			jd := jsonDiagnostic{
				Category: d.Category,
				Posn:     fset.Position(d.Pos).String(),
				End:      fset.Position(cmp.Or(d.End, d.Pos)).String(),
				Message:  d.Message,
			}
		fixes:
			for _, fix := range d.SuggestedFixes {
				jf := jsonFix{Message: fix.Message}
				for _, e := range fix.TextEdits {
					loc, ok := src.locate(fset, e)
					if !ok {
						continue fixes
					}
					jf.Edits = append(jf.Edits, jsonEdit{Filename: loc.file, Start: loc.start, End: loc.end, New: string(e.NewText)})
				}
				jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
			}
			for _, r := range d.Related {
				jd.Related = append(jd.Related, jsonRelated{
					Posn:    fset.Position(r.Pos).String(),
					End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
					Message: r.Message,
				})
			}
			diags = append(diags, jd)
		}
		add(act.Package.ID, act.Analyzer.Name, diags)
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
