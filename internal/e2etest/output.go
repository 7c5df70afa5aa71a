package e2etest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

var (
	posnLine = regexp.MustCompile(`^(.+?\.go):(\d+):(\d+): (.*)$`)
	named    = regexp.MustCompile(`^(.*) \(([a-z][a-z0-9_]*)\)$`)
)

// ParseText reads the diagnostics of text output: lines
// "file.go:line:col: message", with relative file names taken relative to
// dir. With analyzers, the format of retrylint's standalone output, each
// line ends with the name of the analyzer, "message (name)", which must be
// one of analyzers; without, go vet's, lines give none. It returns the other
// lines apart (go vet's "# package" headers, error messages, and, with
// analyzers, diagnostic lines that do not name one).
func ParseText(dir, out string, analyzers ...string) (diags []Diagnostic, other []string) {
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		m := posnLine.FindStringSubmatch(line)
		var analyzer string
		if m != nil && len(analyzers) > 0 {
			n := named.FindStringSubmatch(m[4])
			if n == nil || !slices.Contains(analyzers, n[2]) {
				m = nil
			} else {
				m[4], analyzer = n[1], n[2]
			}
		}
		if m == nil {
			if strings.TrimSpace(line) != "" {
				other = append(other, line)
			}
			continue
		}
		ln, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		diags = append(diags, Diagnostic{File: resolve(dir, m[1]), Line: ln, Column: col, Analyzer: analyzer, Message: m[4]})
	}
	return diags, other
}

func resolve(dir, file string) string {
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	return canonical(file)
}

// JSONOutput is what -json prints: for each package ("path", or
// "path [path.test]" for a test variant), for each analyzer, its diagnostics
// or its error. The field names are x/tools' (internal/analysis/driverutil).
type JSONOutput map[string]map[string]JSONResult

// JSONResult is one analyzer's result on one package.
type JSONResult struct {
	Diagnostics []JSONDiagnostic
	Error       string
}

// JSONDiagnostic is one diagnostic in -json output.
type JSONDiagnostic struct {
	Category       string            `json:"category,omitempty"`
	Posn           string            `json:"posn"`
	End            string            `json:"end"`
	Message        string            `json:"message"`
	SuggestedFixes []JSONFix         `json:"suggested_fixes,omitempty"`
	Related        []JSONRelatedInfo `json:"related,omitempty"`
}

// JSONFix is one suggested fix.
type JSONFix struct {
	Message string     `json:"message"`
	Edits   []JSONEdit `json:"edits"`
}

// JSONEdit is one text edit of a fix, in byte offsets of Filename.
type JSONEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// JSONRelatedInfo is a related position of a diagnostic.
type JSONRelatedInfo struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

// UnmarshalJSON reads a list of diagnostics or an {"error": ...} object,
// rejecting unknown keys so that a change of the format fails the tests.
func (r *JSONResult) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if d := bytes.TrimSpace(data); len(d) > 0 && d[0] == '[' {
		return dec.Decode(&r.Diagnostics)
	}
	var e struct {
		Error string `json:"error"`
	}
	err := dec.Decode(&e)
	r.Error = e.Error
	return err
}

// DecodeJSON decodes -json output: one object (standalone) or one object per
// package, concatenated (go vet -json), merged into one JSONOutput.
func DecodeJSON(data []byte) (JSONOutput, error) {
	out := make(JSONOutput)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	for {
		var obj JSONOutput
		err := dec.Decode(&obj)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("decoding -json output: %v", err)
		}
		for pkg, byAnalyzer := range obj {
			if out[pkg] == nil {
				out[pkg] = make(map[string]JSONResult)
			}
			for a, r := range byAnalyzer {
				out[pkg][a] = r
			}
		}
	}
}

// Diagnostics returns the diagnostics of every package, once each (a file
// of a package and of its test variant appears under both), with positions
// taken relative to dir where they are not absolute.
func (o JSONOutput) Diagnostics(dir string) ([]Diagnostic, error) {
	type key struct{ analyzer, posn, message string }
	seen := make(map[key]int) // index in diags
	var diags []Diagnostic
	for _, pkg := range slices.Sorted(maps.Keys(o)) {
		for _, a := range slices.Sorted(maps.Keys(o[pkg])) {
			for _, d := range o[pkg][a].Diagnostics {
				k := key{a, d.Posn, d.Message}
				if i, ok := seen[k]; ok {
					diags[i].Fixes = max(diags[i].Fixes, len(d.SuggestedFixes))
					continue
				}
				seen[k] = len(diags)
				m := posnLine.FindStringSubmatch(d.Posn + ": " + d.Message)
				if m == nil {
					return nil, fmt.Errorf("diagnostic of %s has a malformed posn %q", a, d.Posn)
				}
				ln, _ := strconv.Atoi(m[2])
				col, _ := strconv.Atoi(m[3])
				diags = append(diags, Diagnostic{
					File: resolve(dir, m[1]), Line: ln, Column: col,
					Analyzer: a, Message: d.Message, Fixes: len(d.SuggestedFixes),
				})
			}
		}
	}
	return diags, nil
}

// Errors returns the analyzer errors in o, as "package: analyzer: error", sorted.
func (o JSONOutput) Errors() []string {
	var errs []string
	for pkg, byAnalyzer := range o {
		for a, r := range byAnalyzer {
			if r.Error != "" {
				errs = append(errs, pkg+": "+a+": "+r.Error)
			}
		}
	}
	slices.Sort(errs)
	return errs
}
