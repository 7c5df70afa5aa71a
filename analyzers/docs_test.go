package analyzers_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/retrylint/retrylint/analyzers"
)

// The documentation a user reads is written once per analyzer, in its Doc
// (the "# Analyzer <name>" section of its doc.go, which `retrylint help`
// prints); these tests keep the README, docs/ and the Analyzer's URL in step
// with it, every relative link pointing at a file that exists, and the text
// free of references to documents outside the repository.

// root is the module root: go test runs a package's tests in its directory.
const root = ".."

// repoURL is where the repository's files are published; a link there must
// name a file that exists here.
const repoURL = "https://github.com/retrylint/retrylint/"

// maxReadme is the README's budget: what a user needs in five minutes.
const maxReadme = 14000

// TestAnalyzerDocs checks, for every analyzer, that its Doc title
// ("report <subject>") is the title of docs/<name>.md ("# <name>: <subject>")
// and the description in the README's table of analyzers, and that its URL is
// that page. Backquotes are markup, not words, and are ignored.
func TestAnalyzerDocs(t *testing.T) {
	readme := read(t, "README.md")
	for _, a := range analyzers.All() {
		title, _, _ := strings.Cut(a.Doc, "\n")
		subject, ok := strings.CutPrefix(title, "report ")
		if !ok {
			t.Errorf("%s: Doc title %q does not start with \"report \"", a.Name, title)
			continue
		}
		page := "docs/" + a.Name + ".md"
		if want := repoURL + "blob/main/" + page; a.URL != want {
			t.Errorf("%s: URL is %q, want %q", a.Name, a.URL, want)
		}

		if data, err := os.ReadFile(filepath.Join(root, page)); err != nil {
			t.Errorf("%s has no page: %v", a.Name, err)
		} else {
			heading, _, _ := strings.Cut(string(data), "\n")
			if want := "# " + a.Name + ": " + subject; unquote(heading) != want {
				t.Errorf("%s begins %q, want %q (the Doc title)", page, heading, want)
			}
		}

		row := "| [`" + a.Name + "`](" + page + ") | "
		var found bool
		for line := range strings.Lines(readme) {
			if rest, ok := strings.CutPrefix(line, row); ok {
				found = true
				if cell, _, _ := strings.Cut(rest, " |"); unquote(cell) != subject {
					t.Errorf("README.md describes %s as %q, want %q (the Doc title)", a.Name, cell, subject)
				}
			}
		}
		if !found {
			t.Errorf("README.md's table of analyzers has no row starting %q", row)
		}
	}
}

// TestReadmeSize keeps the README short enough to read in five minutes;
// integrations and measurements belong under docs/.
func TestReadmeSize(t *testing.T) {
	if n := len(read(t, "README.md")); n > maxReadme {
		t.Errorf("README.md is %d bytes, over its budget of %d: move detail to a page under docs/", n, maxReadme)
	}
}

// TestLinks checks every link of README.md and docs/*.md: a relative one
// names a file or directory of the repository (and, into a Markdown file, a
// heading that exists), a link to this repository on GitHub names a file
// that exists here, and a reference link has its definition.
func TestLinks(t *testing.T) {
	for _, file := range markdownFiles(t) {
		text := prose(read(t, file))
		for _, m := range refUse.FindAllStringSubmatch(text, -1) {
			if !regexp.MustCompile(`(?mi)^\[` + regexp.QuoteMeta(m[1]) + `\]:`).MatchString(text) {
				t.Errorf("%s: reference link [%s] has no definition", file, m[1])
			}
		}
		var targets []string
		for _, re := range []*regexp.Regexp{inlineLink, refDef} {
			for _, m := range re.FindAllStringSubmatch(text, -1) {
				targets = append(targets, m[1])
			}
		}
		if len(targets) == 0 && file == "README.md" {
			t.Fatal("found no links in README.md: the link pattern is broken")
		}
		for _, target := range targets {
			if err := checkLink(file, target); err != "" {
				t.Errorf("%s: link %s: %s", file, target, err)
			}
		}
	}
}

// TestNoOutsideReferences keeps user-facing text (the README, docs/, each
// doc.go and each Analyzer's Doc) from pointing at documents a user does not
// have: it cites public sources and the repository's own files.
func TestNoOutsideReferences(t *testing.T) {
	texts := map[string]string{}
	for _, file := range markdownFiles(t) {
		texts[file] = read(t, file)
	}
	docs, err := filepath.Glob(filepath.Join(root, "analyzers", "*", "doc.go"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no analyzers/*/doc.go: %v", err)
	}
	for _, doc := range docs {
		rel, _ := filepath.Rel(root, doc)
		texts[rel] = read(t, rel)
	}
	for _, a := range analyzers.All() {
		texts[a.Name+"'s Doc"] = a.Doc
	}
	for name, text := range texts {
		for _, m := range outside.FindAllString(text, -1) {
			t.Errorf("%s names %q, which is not in the repository: cite a public source or the repository's own files", name, m)
		}
	}
}

var (
	// inlineLink matches [text](target) and ![alt](target), an optional
	// "title" after the target.
	inlineLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	// refDef matches a reference definition, [label]: target.
	refDef = regexp.MustCompile(`(?m)^\[[^\]]+\]:\s*(\S+)`)
	// refUse matches the label of a full reference link, [text][label].
	refUse = regexp.MustCompile(`\]\[([^\]]+)\]`)
	// outside matches what names documents outside the repository: paths of
	// the development machine's shared folder, and the background documents
	// the project began from, by the names they went by.
	outside = regexp.MustCompile(`(?i)/work/|\bshared/\w|\bthe seeds\b|\bseeds'|\bseed documents?\b`)
	// heading matches a Markdown heading's text.
	heading = regexp.MustCompile(`(?m)^#{1,6}\s+(.+?)\s*#*$`)
	// codeSpan matches inline code, whose brackets are not links.
	codeSpan = regexp.MustCompile("`[^`\n]*`")
)

// checkLink returns what is wrong with target, a link in file, or "".
func checkLink(file, target string) string {
	switch {
	case strings.HasPrefix(target, repoURL):
		rest := strings.TrimPrefix(target, repoURL)
		for _, prefix := range []string{"blob/main/", "tree/main/"} {
			if path, ok := strings.CutPrefix(rest, prefix); ok {
				path, _, _ = strings.Cut(path, "#")
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(path))); err != nil {
					return "names a file this repository does not have"
				}
			}
		}
		return ""
	case strings.HasPrefix(target, "https://"), strings.HasPrefix(target, "http://"), strings.HasPrefix(target, "mailto:"):
		return ""
	case strings.Contains(target, ":"):
		return "is neither a web address nor a path in the repository"
	case strings.HasPrefix(target, "/"):
		return "is an absolute path: link relative to the file"
	}
	path, fragment, _ := strings.Cut(target, "#")
	dest := file
	if path != "" {
		dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
	}
	if rel, err := filepath.Rel(".", dest); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "leads outside the repository"
	}
	data, err := os.ReadFile(filepath.Join(root, dest))
	if err != nil {
		if info, statErr := os.Stat(filepath.Join(root, dest)); statErr == nil && info.IsDir() && fragment == "" {
			return ""
		}
		return "names no file of the repository"
	}
	if fragment != "" && strings.HasSuffix(dest, ".md") && !anchors(string(data))[fragment] {
		return "names no heading of " + filepath.ToSlash(dest)
	}
	return ""
}

// anchors returns the fragment names GitHub gives the headings of a Markdown
// text: lower case, punctuation dropped, spaces as hyphens, and -1, -2, ...
// after a repeated name.
func anchors(text string) map[string]bool {
	seen := map[string]int{}
	names := map[string]bool{}
	for _, m := range heading.FindAllStringSubmatch(prose(text), -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		name := b.String()
		if n := seen[name]; n > 0 {
			names[name+"-"+strconv.Itoa(n)] = true
		} else {
			names[name] = true
		}
		seen[name]++
	}
	return names
}

// prose returns text without its fenced code blocks, and with its inline
// code spans emptied of brackets, so that code is not read as links or
// headings. Headings keep their words: `retry` in a heading is still part of
// its anchor.
func prose(text string) string {
	var b strings.Builder
	fenced := false
	for line := range strings.Lines(text) {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			b.WriteString("\n")
			continue
		}
		if fenced {
			b.WriteString("\n")
			continue
		}
		b.WriteString(codeSpan.ReplaceAllStringFunc(line, func(span string) string {
			return strings.NewReplacer("[", "", "]", "", "(", "", ")", "", "`", "").Replace(span)
		}))
	}
	return b.String()
}

// unquote drops the backquotes of Markdown code spans.
func unquote(s string) string { return strings.ReplaceAll(strings.TrimSpace(s), "`", "") }

// markdownFiles returns README.md and the pages under docs/, relative to the
// module root.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no docs/*.md: %v", err)
	}
	files := []string{"README.md"}
	for _, p := range pages {
		rel, _ := filepath.Rel(root, p)
		files = append(files, rel)
	}
	return files
}

// read returns the file at path, relative to the module root.
func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, path))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
