package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A Finding is one diagnostic of one analyzer, its file relative to the
// repository root.
type Finding struct {
	Analyzer string
	Repo     string
	Path     string // slash-separated, relative to the repository root (absolute if outside it)
	Line     int
	Col      int
	Message  string
	// Names holds the places of the repository that the message names
	// (see NamePlaces).
	Names []Place
}

// A Place is a line of a file, relative to the repository root.
type Place struct {
	Path string
	Line int
}

// placeInMessage is a place as messages name one: "pkgpath/file.go:line".
var placeInMessage = regexp.MustCompile(`[A-Za-z0-9_.~+\-/]+\.go:[0-9]+`)

// NamePlaces fills in each finding's Names: the places its message names
// in the module at path modulePath, which lies at moduleDir in the
// repository. nestedretry names both layers this way when it reports them
// where they meet, in a package that neither of them is in.
func NamePlaces(fs []Finding, modulePath, moduleDir string) {
	for i := range fs {
		fs[i].Names = nil
		for _, m := range placeInMessage.FindAllString(fs[i].Message, -1) {
			file, l, _ := cutLast(m, ":")
			line, err := strconv.Atoi(l)
			rel, ok := strings.CutPrefix(file, modulePath+"/")
			if err != nil || !ok {
				continue
			}
			fs[i].Names = append(fs[i].Names, Place{Path: path.Join(moduleDir, rel), Line: line})
		}
	}
}

func (f Finding) key() string {
	return fmt.Sprintf("%s\x00%s\x00%s\x00%d\x00%d\x00%s", f.Analyzer, f.Repo, f.Path, f.Line, f.Col, f.Message)
}

// jsonDiagnostic is the part of the x/tools -json diagnostic that the corpus
// reads: "posn" is file:line:column.
type jsonDiagnostic struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// ParseJSON reads the -json output of an x/tools analysis driver: an object
// from package ID to analyzer name to either a list of diagnostics or
// {"error": "..."}. It returns the findings of the named analyzers, each
// once (a package and its test variant report the same file twice), and the
// analysis errors as "package: analyzer: error". Positions are made relative
// to root, the repository's tree.
func ParseJSON(data []byte, repo, root string, analyzers []string) ([]Finding, []string, error) {
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &tree); err != nil {
		return nil, nil, fmt.Errorf("not the JSON of an analysis driver: %v", err)
	}
	seen := map[string]bool{}
	var findings []Finding
	var errs []string
	for pkg, byAnalyzer := range tree {
		for name, raw := range byAnalyzer {
			var failed struct {
				Error string `json:"error"`
			}
			if len(raw) > 0 && raw[0] == '{' {
				if err := json.Unmarshal(raw, &failed); err != nil {
					return nil, nil, fmt.Errorf("%s: %s: %v", pkg, name, err)
				}
				errs = append(errs, fmt.Sprintf("%s: %s: %s", pkg, name, failed.Error))
				continue
			}
			if !slices.Contains(analyzers, name) {
				continue
			}
			var diags []jsonDiagnostic
			if err := json.Unmarshal(raw, &diags); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: %v", pkg, name, err)
			}
			for _, d := range diags {
				file, line, col, err := splitPosn(d.Posn)
				if err != nil {
					return nil, nil, fmt.Errorf("%s: %s: %v", pkg, name, err)
				}
				f := Finding{Analyzer: name, Repo: repo, Path: relTo(root, file), Line: line, Col: col, Message: d.Message}
				if !seen[f.key()] {
					seen[f.key()] = true
					findings = append(findings, f)
				}
			}
		}
	}
	sortFindings(findings)
	slices.Sort(errs)
	return findings, errs, nil
}

// splitPosn splits "file:line:column" (the file may itself hold colons).
func splitPosn(posn string) (string, int, int, error) {
	rest, c, ok1 := cutLast(posn, ":")
	file, l, ok2 := cutLast(rest, ":")
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	if !ok1 || !ok2 || err1 != nil || err2 != nil || file == "" {
		return "", 0, 0, fmt.Errorf("position %q is not file:line:column", posn)
	}
	return file, line, col, nil
}

func cutLast(s, sep string) (string, string, bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// relTo makes file relative to root, slash-separated; a file outside root
// stays as it is.
func relTo(root, file string) string {
	if root == "" || !filepath.IsAbs(file) {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(root, file)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(file)
	}
	return filepath.ToSlash(rel)
}

func sortFindings(fs []Finding) {
	slices.SortFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Analyzer, b.Analyzer), cmp.Compare(a.Repo, b.Repo),
			cmp.Compare(a.Path, b.Path), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col),
			cmp.Compare(a.Message, b.Message))
	})
}

// An Outcome is what one repository's findings did to its labels.
type Outcome struct {
	Labels     []Label
	Hits       [][]Finding // per label, the findings that matched it
	Unlabelled []Finding
}

// Match gives each finding to the narrowest label of its analyzer whose
// range holds its line (so a call labelled inside a loop labelled otherwise
// takes the findings on the call); findings that no label holds are
// unlabelled.
//
// A finding that no label holds by its own place is given instead to the
// narrowest label holding each place its message names (Names), when there
// is one: a finding reported where two layers meet names the code of each.
func Match(labels []Label, findings []Finding) Outcome {
	o := Outcome{Labels: labels, Hits: make([][]Finding, len(labels))}
	for _, f := range findings {
		if best := narrowest(labels, f.Analyzer, Place{f.Path, f.Line}); best >= 0 {
			o.Hits[best] = append(o.Hits[best], f)
			continue
		}
		named := false
		for _, p := range f.Names {
			if best := narrowest(labels, f.Analyzer, p); best >= 0 && !slices.ContainsFunc(o.Hits[best], f.same) {
				o.Hits[best] = append(o.Hits[best], f)
				named = true
			}
		}
		if !named {
			o.Unlabelled = append(o.Unlabelled, f)
		}
	}
	return o
}

// narrowest returns the index of the narrowest label of analyzer whose
// range holds p, or -1.
func narrowest(labels []Label, analyzer string, p Place) int {
	best := -1
	for i, l := range labels {
		if l.Analyzer != analyzer || l.Path != p.Path || p.Line < l.Start || p.Line > l.End {
			continue
		}
		if best < 0 || l.End-l.Start < labels[best].End-labels[best].Start {
			best = i
		}
	}
	return best
}

func (f Finding) same(g Finding) bool { return f.key() == g.key() }

// A Tally is the figures of one analyzer over one or more repositories.
type Tally struct {
	Problems, Found     int
	Lookalikes, Flagged int
	Unlabelled          int
}

// Add adds the labels and findings of analyzer in o to t.
func (t *Tally) Add(o Outcome, analyzer string) {
	for i, l := range o.Labels {
		if l.Analyzer != analyzer {
			continue
		}
		hit := len(o.Hits[i]) > 0
		switch l.Verdict {
		case "problem":
			t.Problems++
			if hit {
				t.Found++
			}
		case "lookalike":
			t.Lookalikes++
			if hit {
				t.Flagged++
			}
		}
	}
	for _, f := range o.Unlabelled {
		if f.Analyzer == analyzer {
			t.Unlabelled++
		}
	}
}

func (t Tally) String() string {
	return fmt.Sprintf("labelled problems found %d of %d, look-alikes reported %d of %d, unlabelled findings %d",
		t.Found, t.Problems, t.Flagged, t.Lookalikes, t.Unlabelled)
}

// Precision tallies the sample's judgements per analyzer, as "right n of m".
func Precision(js []Judgement, analyzer string) (right, total int) {
	for _, j := range js {
		if j.Analyzer == analyzer {
			total++
			if j.Verdict == "right" {
				right++
			}
		}
	}
	return right, total
}

// Split divides the judgements of the given repositories into those that
// name an unlabelled finding of this run (current: the sample's precision
// is theirs) and those that name none any more (stale: the finding went
// away, or a label now holds it).
func Split(js []Judgement, repos []string, unlabelled []Finding) (current, stale []Judgement) {
	at := map[string]bool{}
	for _, f := range unlabelled {
		at[fmt.Sprintf("%s\x00%s\x00%s\x00%d", f.Analyzer, f.Repo, f.Path, f.Line)] = true
	}
	for _, j := range js {
		if !slices.Contains(repos, j.Repo) {
			continue
		}
		if at[fmt.Sprintf("%s\x00%s\x00%s\x00%d", j.Analyzer, j.Repo, j.Path, j.Line)] {
			current = append(current, j)
		} else {
			stale = append(stale, j)
		}
	}
	return current, stale
}

// WriteUnlabelled writes findings as analyzer, repo, path:line, message rows,
// the form sample.tsv's rows start with.
func WriteUnlabelled(w io.Writer, fs []Finding) error {
	if _, err := fmt.Fprintln(w, "# analyzer\trepo\tpath:line\tmessage"); err != nil {
		return err
	}
	for _, f := range fs {
		msg := strings.NewReplacer("\t", " ", "\n", " ").Replace(f.Message)
		if _, err := fmt.Fprintf(w, "%s\t%s\t%s:%d\t%s\n", f.Analyzer, f.Repo, f.Path, f.Line, msg); err != nil {
			return err
		}
	}
	return nil
}
