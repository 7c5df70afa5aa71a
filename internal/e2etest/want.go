package e2etest

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// An Expectation is one regexp of a // want comment: a diagnostic whose
// message it matches is expected on the comment's line.
type Expectation struct {
	File string // absolute, symbolic links resolved
	Line int
	Re   *regexp.Regexp
}

func (e Expectation) String() string {
	return fmt.Sprintf("%s:%d: %q", e.File, e.Line, e.Re)
}

// Wants returns the expectations written in the .go files of the module in
// dir, in the packages that ./... matches there: directories named testdata
// or starting with . or _, and nested modules, are skipped. The syntax is
// analysistest's: // want "re" `re` ..., several per comment; fact
// expectations (name:"re") are not diagnostics and are ignored.
func Wants(t testing.TB, dir string) []Expectation {
	t.Helper()
	var wants []Expectation
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if p != dir && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); p != dir && err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil // a file that does not parse is the binary's to report
		}
		file := canonical(p)
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				res, err := parseWant(c)
				if err != nil {
					t.Errorf("%s: %v", fset.Position(c.Pos()), err)
				}
				for _, re := range res {
					wants = append(wants, Expectation{File: file, Line: fset.Position(c.Pos()).Line, Re: re})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("reading the expectations in %s: %v", dir, err)
	}
	return wants
}

// parseWant returns the regexps of a want comment (none for other comments).
func parseWant(c *ast.Comment) ([]*regexp.Regexp, error) {
	text, ok := strings.CutPrefix(c.Text, "//")
	if !ok {
		text = strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/")
	}
	// As analysistest: a comment "//...// want ..." starts at want.
	if i := strings.Index(text, "// want"); i >= 0 {
		text = text[i+len("// "):]
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), "want")
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil, nil
	}
	var s scanner.Scanner
	fset := token.NewFileSet()
	var scanErr error
	s.Init(fset.AddFile("want", -1, len(rest)), []byte(rest), func(_ token.Position, msg string) { scanErr = fmt.Errorf("want comment: %s", msg) }, 0)
	var res []*regexp.Regexp
	for {
		_, tok, lit := s.Scan()
		switch tok {
		case token.EOF, token.SEMICOLON:
			return res, scanErr
		case token.STRING:
			pattern, err := strconv.Unquote(lit)
			if err != nil {
				return nil, fmt.Errorf("want comment: %v", err)
			}
			re, err := regexp.Compile(pattern)
			if err != nil {
				return nil, fmt.Errorf("want comment: %v", err)
			}
			res = append(res, re)
		case token.IDENT: // a fact: name:"re"
			if _, tok, _ := s.Scan(); tok != token.COLON {
				return nil, fmt.Errorf("want comment: %s not followed by a colon", lit)
			}
			if _, tok, _ := s.Scan(); tok != token.STRING {
				return nil, fmt.Errorf("want comment: fact %s has no pattern", lit)
			}
		default:
			return nil, fmt.Errorf("want comment: unexpected %s", tok)
		}
	}
}

// canonical returns an absolute path with symbolic links resolved, so that
// the paths the binary prints compare equal with the ones Wants reads.
func canonical(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if real, err := filepath.EvalSymlinks(p); err == nil {
		p = real
	}
	return filepath.Clean(p)
}

// A Diagnostic is one diagnostic printed by the binary.
type Diagnostic struct {
	File         string // absolute, symbolic links resolved
	Line, Column int
	Analyzer     string // empty in go vet's text output, which does not name it
	Message      string
	Fixes        int // the number of suggested fixes (JSON output only)
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Column, d.Message)
}

// Match checks diags against wants as analysistest does: each diagnostic
// consumes one expectation on its line whose regexp matches its message, or
// is reported as unexpected; each expectation left over is reported as
// missing. Diagnostics outside the files of wants count too: a diagnostic
// anywhere with no expectation fails the test.
func Match(t testing.TB, wants []Expectation, diags []Diagnostic) {
	t.Helper()
	type key struct {
		file string
		line int
	}
	open := make(map[key][]Expectation)
	for _, w := range wants {
		k := key{w.File, w.Line}
		open[k] = append(open[k], w)
	}
	for _, d := range diags {
		k := key{d.File, d.Line}
		i := 0
		for i < len(open[k]) && !open[k][i].Re.MatchString(d.Message) {
			i++
		}
		if i == len(open[k]) {
			t.Errorf("unexpected diagnostic: %v", d)
			continue
		}
		open[k] = append(open[k][:i:i], open[k][i+1:]...)
	}
	var missing []string
	for _, ws := range open {
		for _, w := range ws {
			missing = append(missing, fmt.Sprintf("%s:%d: no diagnostic was reported matching %#q", w.File, w.Line, w.Re))
		}
	}
	sort.Strings(missing)
	for _, m := range missing {
		t.Error(m)
	}
}
