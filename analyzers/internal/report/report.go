// Package report is the single path by which retrylint's analyzers report.
//
// Every analyzer reports through a Reporter rather than pass.Report, so that two
// rules hold for all of them, under every driver (standalone, go vet, go fix,
// golangci-lint, nogo, the language server):
//
//   - nothing is reported in a generated file ("// Code generated ... DO NOT EDIT."):
//     the user cannot act on it, and a regenerated file would bring it back;
//   - a diagnostic is dropped when a //retrylint:ignore directive naming its
//     analyzer stands on the diagnostic's line or on the line above it.
package report

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// A Reporter reports the diagnostics of one analysis pass.
type Reporter struct {
	pass  *analysis.Pass
	files map[*token.File]*fileInfo
}

type fileInfo struct {
	generated bool
	// ignored maps a line to the analyzers silenced on it by a directive on
	// that line or the line above.
	ignored map[int][]string
}

// New returns a Reporter for pass.
func New(pass *analysis.Pass) *Reporter {
	return &Reporter{pass: pass, files: make(map[*token.File]*fileInfo)}
}

// Report reports d unless it falls in a generated file or is silenced.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Skip(d.Pos) {
		return
	}
	r.pass.Report(d)
}

// Skip reports whether a diagnostic of this pass's analyzer at pos would be
// dropped. Analyzers may call it before doing costly work for a diagnostic.
func (r *Reporter) Skip(pos token.Pos) bool {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	info := r.info(tf)
	if info == nil {
		return false
	}
	if info.generated {
		return true
	}
	for _, name := range info.ignored[tf.Line(pos)] {
		if name == r.pass.Analyzer.Name {
			return true
		}
	}
	return false
}

// Generated reports whether f is a generated file.
func (r *Reporter) Generated(f *ast.File) bool {
	tf := r.pass.Fset.File(f.FileStart)
	if tf == nil {
		return ast.IsGenerated(f)
	}
	if info := r.info(tf); info != nil {
		return info.generated
	}
	return ast.IsGenerated(f)
}

func (r *Reporter) info(tf *token.File) *fileInfo {
	if info, ok := r.files[tf]; ok {
		return info
	}
	var info *fileInfo
	for _, f := range r.pass.Files {
		if r.pass.Fset.File(f.FileStart) == tf {
			info = &fileInfo{generated: ast.IsGenerated(f), ignored: make(map[int][]string)}
			for _, d := range Directives(r.pass.Fset, f) {
				info.ignored[d.Line] = append(info.ignored[d.Line], d.Analyzers...)
				info.ignored[d.Line+1] = append(info.ignored[d.Line+1], d.Analyzers...)
			}
			break
		}
	}
	r.files[tf] = info // nil for a file outside the package (e.g. a //line target)
	return info
}
