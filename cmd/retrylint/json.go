package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// The -json output has the schema of x/tools' drivers (go vet -json prints
// the same): package ID, then analyzer name, then the diagnostics of that
// analyzer on that package or its error. Both ways of analysing (ordered.go,
// in dependency order with a result cache; run.go's analyseHere, x/tools'
// checker) give their results as a jsonTree, from which the plain output,
// -fix and -json are made.
type (
	jsonTree map[string]map[string]*jsonResult

	// A jsonResult is an analyzer's diagnostics on a package, or its error.
	jsonResult struct {
		err   *jsonError
		diags []jsonDiagnostic
	}

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

func (r *jsonResult) MarshalJSON() ([]byte, error) {
	if r.err != nil {
		return json.Marshal(r.err)
	}
	return json.Marshal(r.diags)
}

func (r *jsonResult) UnmarshalJSON(data []byte) error {
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("[")) {
		return json.Unmarshal(data, &r.diags)
	}
	r.err = new(jsonError)
	return json.Unmarshal(data, r.err)
}

func (t jsonTree) add(pkg, analyzer string, r *jsonResult) {
	if t[pkg] == nil {
		t[pkg] = make(map[string]*jsonResult)
	}
	t[pkg][analyzer] = r
}

// graphTree returns the diagnostics of the root actions and the errors of
// every action. sizes receives the size of each file as the analyzer read
// it, where an edit applies to it.
func graphTree(graph *checker.Graph, sizes map[string]int) jsonTree {
	src := newSources()
	tree := make(jsonTree)
	for act := range graph.All() {
		if act.Err != nil {
			tree.add(act.Package.ID, act.Analyzer.Name, &jsonResult{err: &jsonError{act.Err.Error()}})
			continue
		}
		if !act.IsRoot || len(act.Diagnostics) == 0 {
			continue
		}
		tree.add(act.Package.ID, act.Analyzer.Name, &jsonResult{diags: jsonDiagnostics(act.Package.Fset, act.Diagnostics, src, sizes)})
	}
	return tree
}

// jsonDiagnostics returns the diagnostics as -json gives them. Each edit is
// given in the file it applies to (see sources.locate): a fix with an edit
// that cannot be located is left out, so that no client applies it to the
// wrong bytes. sizes receives the size of each file as the analyzer read
// it, where an edit applies to it.
func jsonDiagnostics(fset *token.FileSet, ds []analysis.Diagnostic, src *sources, sizes map[string]int) []jsonDiagnostic {
	diags := make([]jsonDiagnostic, 0, len(ds))
	for _, d := range ds {
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
				if loc.parsed != nil {
					sizes[loc.file] = loc.parsed.Size()
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
	return diags
}

// printJSON prints the tree, indented, packages and analyzers in order,
// and each result's diagnostics in order of position: an analyzer reports
// in token.Pos order, and the order of a package's files in its FileSet is
// not fixed (go/packages parses them in parallel), so neither is the order
// in which two files' diagnostics are reported.
func printJSON(w io.Writer, tree jsonTree) error {
	for _, byAnalyzer := range tree {
		for _, res := range byAnalyzer {
			slices.SortStableFunc(res.diags, compareDiagnostics)
		}
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
