package main

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
)

// An edit replaces the bytes start to end of a file by text.
type edit struct {
	start, end int
	text       string
}

// A candidate is a finding with a fix that can be applied: the first fix,
// as -fix and go fix apply, with its edits by file.
type candidate struct {
	finding *finding
	edits   map[string][]edit
}

// A fixResult is what applyFixes did.
type fixResult struct {
	applied   map[string]int // fixes applied (or, with -diff, shown) per file
	fixes     int            // fixes applied in all
	left      []*finding     // findings left without a fix, in order
	conflicts int            // of the left, those whose fix overlapped an applied one
	failed    bool           // a file could not be written, or would not parse
}

// applyFixes applies the first fix of each finding, or with diff prints
// the changes as a unified diff on stdout. A fix is applied whole or not at
// all: one that edits a generated file or that overlaps a fix applied before
// it is left out, and its finding is left (a fix that could not be located,
// see sources.locate, is not among the finding's fixes). sizes, where
// known, are the sizes of the files as the analyzers read them: a file whose
// size changed since is not written. Every file is formatted and must parse after the
// fixes: one that would not is reported on stderr and not written, and the
// fixes that edit it are left out.
func applyFixes(findings []*finding, sizes map[string]int, diff bool, stdout, stderr io.Writer) *fixResult {
	src := newSources()
	res := &fixResult{applied: make(map[string]int)}
	var cands []*candidate
	for _, f := range findings {
		if c := newCandidate(src, f); c != nil {
			cands = append(cands, c)
		} else {
			res.left = append(res.left, f)
		}
	}

	// Merge the fixes, leaving out those that edit a file that cannot be
	// written, until every file written parses.
	bad := make(map[string]error)
	var (
		accepted []*candidate
		final    map[string][]byte
	)
	for {
		accepted = merge(cands, bad)
		var failed bool
		final, failed = render(src, accepted, sizes, bad)
		if !failed {
			break
		}
	}

	for _, file := range slices.Sorted(maps.Keys(bad)) {
		fmt.Fprintf(stderr, "retrylint: %s: not written: %v\n", file, bad[file])
		res.failed = true
	}
	// Write the files (or print their diff). The fixes of a file that could
	// not be written are left.
	unwritten := make(map[string]error)
	for _, file := range slices.Sorted(maps.Keys(final)) {
		old, _ := src.read(file)
		if diff {
			io.WriteString(stdout, unifiedDiff(file+" (old)", file+" (new)", old, final[file]))
		} else if err := os.WriteFile(file, final[file], 0o644); err != nil {
			fmt.Fprintf(stderr, "retrylint: %v\n", err)
			unwritten[file], res.failed = err, true
		}
	}

	applied := make(map[*candidate]bool)
	for _, c := range accepted {
		if touches(c, unwritten) {
			continue
		}
		applied[c] = true
		res.fixes++
		for file := range c.edits {
			res.applied[file]++
		}
	}
	for _, c := range cands {
		if applied[c] {
			continue
		}
		res.left = append(res.left, c.finding)
		if !touches(c, bad) && !touches(c, unwritten) {
			res.conflicts++
		}
	}
	order := make(map[*finding]int)
	for i, f := range findings {
		order[f] = i
	}
	slices.SortFunc(res.left, func(a, b *finding) int { return order[a] - order[b] })

	verb := "applied"
	if diff {
		verb = "in the diff"
	}
	for _, file := range slices.Sorted(maps.Keys(res.applied)) {
		fmt.Fprintf(stderr, "%s: %s %s\n", file, plural(res.applied[file], "fix", "fixes"), verb)
	}
	return res
}

// newCandidate returns the finding's first fix, or nil when it has none
// that can be applied.
func newCandidate(src *sources, f *finding) *candidate {
	if len(f.diag.SuggestedFixes) == 0 || len(f.diag.SuggestedFixes[0].Edits) == 0 {
		return nil
	}
	c := &candidate{finding: f, edits: make(map[string][]edit)}
	for _, e := range f.diag.SuggestedFixes[0].Edits {
		if e.Start < 0 || e.End < e.Start || generated(src, e.Filename) {
			return nil
		}
		c.edits[e.Filename] = append(c.edits[e.Filename], edit{e.Start, e.End, e.New})
	}
	return c
}

// generated reports whether file is a generated file, which no fix edits.
func generated(src *sources, file string) bool {
	data, err := src.read(file)
	if err != nil {
		return false // reported when the fix is applied
	}
	f, err := parser.ParseFile(token.NewFileSet(), file, data, parser.PackageClauseOnly|parser.ParseComments)
	return err == nil && ast.IsGenerated(f)
}

// merge returns the candidates to apply, in order: each that edits no file
// in bad and whose edits, file by file, either repeat edits already taken
// (two fixes that add the same import) or overlap none of them.
func merge(cands []*candidate, bad map[string]error) []*candidate {
	taken := make(map[string][]edit)
	var accepted []*candidate
next:
	for _, c := range cands {
		if touches(c, bad) {
			continue
		}
		for file, edits := range c.edits {
			for _, e := range edits {
				for _, t := range taken[file] {
					if e != t && e.start < t.end && t.start < e.end {
						continue next
					}
				}
			}
		}
		for file, edits := range c.edits {
			for _, e := range edits {
				if !slices.Contains(taken[file], e) {
					taken[file] = append(taken[file], e)
				}
			}
		}
		accepted = append(accepted, c)
	}
	return accepted
}

func touches(c *candidate, files map[string]error) bool {
	for file := range c.edits {
		if _, ok := files[file]; ok {
			return true
		}
	}
	return false
}

// render applies the accepted fixes and returns the new content of each
// file they edit, formatted. A file that cannot be read, that changed since
// the analyzer read it (its size in sizes), that is shorter than an edit
// says, or that would not parse is added to bad (failed is then true, and
// the fixes must be merged again without it).
func render(src *sources, accepted []*candidate, sizes map[string]int, bad map[string]error) (final map[string][]byte, failed bool) {
	edits := make(map[string][]edit)
	for _, c := range accepted {
		for file, es := range c.edits {
			for _, e := range es {
				if !slices.Contains(edits[file], e) {
					edits[file] = append(edits[file], e)
				}
			}
		}
	}
	final = make(map[string][]byte)
	for file, es := range edits {
		old, err := src.read(file)
		if err != nil {
			bad[file], failed = err, true
			continue
		}
		if size, ok := sizes[file]; ok && size != len(old) {
			bad[file], failed = fmt.Errorf("changed since it was analysed (%d bytes, now %d): run retrylint again", size, len(old)), true
			continue
		}
		if i := slices.IndexFunc(es, func(e edit) bool { return e.end > len(old) }); i >= 0 {
			bad[file], failed = fmt.Errorf("changed since it was analysed (an edit ends at byte %d, past its end): run retrylint again", es[i].end), true
			continue
		}
		// Insertions at one point go in the order their fixes were taken
		// (the stable sort keeps it).
		slices.SortStableFunc(es, func(a, b edit) int { return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end)) })
		var b strings.Builder
		last := 0
		for _, e := range es {
			b.Write(old[last:e.start])
			b.WriteString(e.text)
			last = e.end
		}
		b.Write(old[last:])
		out, err := format.Source([]byte(b.String()))
		if err != nil {
			bad[file], failed = fmt.Errorf("the fixes would leave a file that does not parse: %v", err), true
			continue
		}
		final[file] = out
	}
	return final, failed
}

// summarize prints the last line of a -fix run: what it did and what is left.
func (r *fixResult) summarize(w io.Writer, diff bool) {
	var parts []string
	switch {
	case r.fixes == 0:
		parts = append(parts, "no fix applied")
	case diff:
		parts = append(parts, fmt.Sprintf("the diff holds %s to %s (no file written)",
			plural(r.fixes, "fix", "fixes"), plural(len(r.applied), "file", "files")))
	default:
		parts = append(parts, fmt.Sprintf("applied %s to %s", plural(r.fixes, "fix", "fixes"), plural(len(r.applied), "file", "files")))
	}
	if len(r.left) > 0 {
		parts = append(parts, fmt.Sprintf("%s left without a fix", plural(len(r.left), "finding", "findings")))
	}
	if r.conflicts > 0 {
		parts = append(parts, fmt.Sprintf("%s overlapped others: run retrylint -fix again to apply them",
			plural(r.conflicts, "fix", "fixes")))
	}
	fmt.Fprintf(w, "retrylint: %s\n", strings.Join(parts, "; "))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
