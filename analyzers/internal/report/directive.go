package report

import (
	"go/ast"
	"go/token"
	"strings"
)

// DirectivePrefix starts a suppression comment:
//
//	//retrylint:ignore nojitter,nestedretry the upstream client has no retries of its own
//
// It silences the named analyzers on its own line and on the line below.
const DirectivePrefix = "//retrylint:ignore"

// A Directive is one //retrylint:ignore comment.
type Directive struct {
	Pos       token.Pos
	End       token.Pos // the end of the comment
	Line      int
	Analyzers []string // as written, in order
	Reason    string   // the text after the analyzer list; empty when missing
	// TrailingComma reports that the analyzer list ends with a comma, as in
	// "zerotimeout, nojitter why": the words after the space were read as
	// the reason.
	TrailingComma bool
}

// Directives returns the //retrylint:ignore directives of f.
func Directives(fset *token.FileSet, f *ast.File) []Directive {
	var ds []Directive
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			rest, ok := strings.CutPrefix(c.Text, DirectivePrefix)
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			fields := strings.Fields(rest)
			d := Directive{Pos: c.Slash, End: c.End(), Line: fset.Position(c.Slash).Line}
			if len(fields) > 0 {
				d.TrailingComma = strings.HasSuffix(fields[0], ",")
				for _, name := range strings.Split(fields[0], ",") {
					if name != "" {
						d.Analyzers = append(d.Analyzers, name)
					}
				}
				d.Reason = strings.Join(fields[1:], " ")
			}
			ds = append(ds, d)
		}
	}
	return ds
}
