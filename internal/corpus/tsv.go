package main

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// analyzerNames are the analyzers the corpus measures. ignoredirective is not
// among them: it reports directives, not resilience problems, and real code
// has none of retrylint's directives.
var analyzerNames = []string{"zerotimeout", "nojitter", "nestedretry", "unkeyedpost", "retrydeadline"}

// A Repo is one row of repos.tsv: a repository pinned to a commit, the module
// inside it to analyse, the package patterns to analyse there and, in an
// optional fifth column, the GOFLAGS its build needs (e.g. nats.go's tests
// need -modfile=go_test.mod).
type Repo struct {
	Name      string // owner/name
	Commit    string // full 40-hex commit
	ModuleDir string // slash-separated, relative to the repository root; "." for the root
	Packages  []string
	GoFlags   string
	Pos       string // file:line, for messages
}

// A Label is one row of a labels file: what one analyzer should (problem) or
// should not (lookalike) report in a line range of one file.
type Label struct {
	Analyzer   string
	Path       string // slash-separated, relative to the repository root
	Start, End int    // lines, inclusive
	Verdict    string // "problem" or "lookalike"
	Reason     string
	Pos        string // file:line, for messages
}

// A Judgement is one row of sample.tsv: a hand verdict on one unlabelled
// finding.
type Judgement struct {
	Analyzer string
	Repo     string
	Path     string
	Line     int
	Verdict  string // "right" or "wrong"
	Reason   string
	Pos      string
}

var (
	repoName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$`)
	commitID = regexp.MustCompile(`^[0-9a-f]{40}$`)
)

// rows calls fn with the tab-separated fields of each line of r that is not
// blank or a # comment, and with the line's position as file:line. It stops at
// the first error, prefixed with that position.
func rows(r io.Reader, file string, fn func(fields []string, pos string) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos := fmt.Sprintf("%s:%d", file, n)
		if err := fn(strings.Split(line, "\t"), pos); err != nil {
			return fmt.Errorf("%s: %v", pos, err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	return nil
}

// cleanRel reports whether p is a clean slash-separated path inside the
// repository: not absolute, no "..", no doubled or trailing slash.
func cleanRel(p string) bool {
	return p != "" && !strings.HasPrefix(p, "/") && path.Clean(p) == p &&
		p != ".." && !strings.HasPrefix(p, "../") && !strings.Contains(p, `\`)
}

// ParseRepos reads repos.tsv. A repository may have several rows (several
// modules of one repository), all at the same commit, but each module once.
func ParseRepos(r io.Reader, file string) ([]Repo, error) {
	var repos []Repo
	err := rows(r, file, func(f []string, pos string) error {
		if len(f) != 4 && len(f) != 5 {
			return fmt.Errorf("want 4 or 5 tab-separated fields (repo, commit, module_dir, packages[, goflags]), got %d", len(f))
		}
		repo := Repo{Name: f[0], Commit: f[1], ModuleDir: f[2], Packages: strings.Fields(f[3]), Pos: pos}
		if len(f) == 5 {
			repo.GoFlags = strings.Join(strings.Fields(f[4]), " ")
			for _, g := range strings.Fields(f[4]) {
				if !strings.HasPrefix(g, "-") {
					return fmt.Errorf("goflags %q: %q is not a flag", f[4], g)
				}
			}
		}
		if !repoName.MatchString(repo.Name) {
			return fmt.Errorf("repo %q is not owner/name", repo.Name)
		}
		if !commitID.MatchString(repo.Commit) {
			return fmt.Errorf("commit %q is not a full 40-hex lowercase commit", repo.Commit)
		}
		if !cleanRel(repo.ModuleDir) {
			return fmt.Errorf("module_dir %q is not a clean relative path (use . for the root)", repo.ModuleDir)
		}
		if len(repo.Packages) == 0 {
			return fmt.Errorf("no package patterns")
		}
		for _, p := range repos {
			if p.Name != repo.Name {
				continue
			}
			if p.Commit != repo.Commit {
				return fmt.Errorf("%s pinned at %s here but at %s on %s", repo.Name, repo.Commit, p.Commit, p.Pos)
			}
			if p.ModuleDir == repo.ModuleDir {
				return fmt.Errorf("%s module %s already listed on %s", repo.Name, repo.ModuleDir, p.Pos)
			}
		}
		repos = append(repos, repo)
		return nil
	})
	return repos, err
}

// parseRange parses "path:start-end" (or "path:line").
func parseRange(s string) (p string, start, end int, err error) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return "", 0, 0, fmt.Errorf("location %q is not path:start-end", s)
	}
	p, lines := s[:i], s[i+1:]
	if !cleanRel(p) {
		return "", 0, 0, fmt.Errorf("path %q is not a clean path relative to the repository root", p)
	}
	a, b, isRange := strings.Cut(lines, "-")
	if start, err = strconv.Atoi(a); err != nil || start < 1 {
		return "", 0, 0, fmt.Errorf("location %q: start line %q is not a positive number", s, a)
	}
	end = start
	if isRange {
		if end, err = strconv.Atoi(b); err != nil || end < start {
			return "", 0, 0, fmt.Errorf("location %q: end line %q is not a number at or after the start", s, b)
		}
	}
	return p, start, end, nil
}

// ParseLabels reads one repository's labels file. The same analyzer may not
// label the same range twice.
func ParseLabels(r io.Reader, file string) ([]Label, error) {
	var labels []Label
	err := rows(r, file, func(f []string, pos string) error {
		if len(f) != 4 {
			return fmt.Errorf("want 4 tab-separated fields (analyzer, path:start-end, verdict, reason), got %d", len(f))
		}
		l := Label{Analyzer: f[0], Verdict: f[2], Reason: strings.TrimSpace(f[3]), Pos: pos}
		if !slices.Contains(analyzerNames, l.Analyzer) {
			return fmt.Errorf("analyzer %q is not one of %s", l.Analyzer, strings.Join(analyzerNames, ", "))
		}
		var err error
		if l.Path, l.Start, l.End, err = parseRange(f[1]); err != nil {
			return err
		}
		if l.Verdict != "problem" && l.Verdict != "lookalike" {
			return fmt.Errorf("verdict %q is not problem or lookalike", l.Verdict)
		}
		if l.Reason == "" {
			return fmt.Errorf("no reason")
		}
		for _, o := range labels {
			if o.Analyzer == l.Analyzer && o.Path == l.Path && o.Start == l.Start && o.End == l.End {
				return fmt.Errorf("%s %s:%d-%d already labelled on %s", l.Analyzer, l.Path, l.Start, l.End, o.Pos)
			}
		}
		labels = append(labels, l)
		return nil
	})
	return labels, err
}

// ParseSample reads sample.tsv.
func ParseSample(r io.Reader, file string) ([]Judgement, error) {
	var js []Judgement
	err := rows(r, file, func(f []string, pos string) error {
		if len(f) != 5 {
			return fmt.Errorf("want 5 tab-separated fields (analyzer, repo, path:line, verdict, reason), got %d", len(f))
		}
		j := Judgement{Analyzer: f[0], Repo: f[1], Verdict: f[3], Reason: strings.TrimSpace(f[4]), Pos: pos}
		if !slices.Contains(analyzerNames, j.Analyzer) {
			return fmt.Errorf("analyzer %q is not one of %s", j.Analyzer, strings.Join(analyzerNames, ", "))
		}
		if !repoName.MatchString(j.Repo) {
			return fmt.Errorf("repo %q is not owner/name", j.Repo)
		}
		p, start, end, err := parseRange(f[2])
		if err != nil {
			return err
		}
		if start != end {
			return fmt.Errorf("location %q: a sampled finding is one line, path:line", f[2])
		}
		j.Path, j.Line = p, start
		if j.Verdict != "right" && j.Verdict != "wrong" {
			return fmt.Errorf("verdict %q is not right or wrong", j.Verdict)
		}
		if j.Reason == "" {
			return fmt.Errorf("no reason")
		}
		js = append(js, j)
		return nil
	})
	return js, err
}

// labelsFile is the name of a repository's labels file: owner+name.tsv.
func labelsFile(repo string) string {
	return strings.Replace(repo, "/", "+", 1) + ".tsv"
}
