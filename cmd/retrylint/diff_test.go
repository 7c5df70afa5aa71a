package main

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// applyUnified applies a unified diff to old as patch(1) would, checking
// every context and deleted line, and the hunk headers' line counts.
func applyUnified(t *testing.T, old, diff string) string {
	t.Helper()
	lines := splitLines(old)
	header := regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n$`)
	count := func(s string) int {
		if s == "" {
			return 1
		}
		n, _ := strconv.Atoi(s)
		return n
	}
	var out []string
	next := 0 // index in lines of the first line not yet copied
	d := splitLines(diff)
	if len(d) < 2 || !strings.HasPrefix(d[0], "--- ") || !strings.HasPrefix(d[1], "+++ ") {
		t.Fatalf("no header:\n%s", diff)
	}
	for i := 2; i < len(d); {
		m := header.FindStringSubmatch(d[i])
		if m == nil {
			t.Fatalf("line %d: not a hunk header: %q\n%s", i, d[i], diff)
		}
		start, oldN, newN := count(m[1]), count(m[2]), count(m[4])
		if oldN == 0 {
			start++ // an empty range names the line before
		}
		out = append(out, lines[next:start-1]...)
		next = start - 1
		i++
		var gotOld, gotNew int
		for i < len(d) && !strings.HasPrefix(d[i], "@@") {
			op, text := d[i][0], d[i][1:]
			i++
			if i < len(d) && d[i] == "\\ No newline at end of file\n" {
				text = strings.TrimSuffix(text, "\n")
				i++
			}
			switch op {
			case ' ', '-':
				if next >= len(lines) || lines[next] != text {
					t.Fatalf("the diff's line %q is not the old file's line %d\n%s", text, next+1, diff)
				}
				next++
				gotOld++
				if op == ' ' {
					out = append(out, text)
					gotNew++
				}
			case '+':
				out = append(out, text)
				gotNew++
			default:
				t.Fatalf("bad line %q", d[i-1])
			}
		}
		if gotOld != oldN || gotNew != newN {
			t.Fatalf("hunk %s counts %d and %d lines\n%s", strings.TrimSpace(m[0]), gotOld, gotNew, diff)
		}
	}
	return strings.Join(append(out, lines[next:]...), "")
}

func TestUnifiedDiff(t *testing.T) {
	if got := unifiedDiff("a", "b", []byte("x\ny\n"), []byte("x\ny\n")); got != "" {
		t.Errorf("equal files: %q", got)
	}
	want := "--- a (old)\n+++ a (new)\n@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n@@ -8,4 +8,4 @@\n 8\n 9\n 10\n-11\n\\ No newline at end of file\n+11\n"
	old := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11"
	if got := unifiedDiff("a (old)", "a (new)", []byte(old), []byte(strings.Replace(old, "2", "two", 1)+"\n")); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	// Random edits: the diff applied to the old text gives the new one.
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a\n", "b\n", "c\n", "d\n", "e"}
	text := func(n int) []string {
		var ls []string
		for range n {
			ls = append(ls, words[r.IntN(len(words)-1)])
		}
		return ls
	}
	for i := range 500 {
		a := text(r.IntN(30))
		b := append([]string(nil), a...)
		for range r.IntN(6) {
			j := r.IntN(len(b) + 1)
			switch r.IntN(3) {
			case 0:
				b = append(b[:j], append(text(1+r.IntN(3)), b[j:]...)...)
			case 1:
				if j < len(b) {
					b = append(b[:j], b[j+1:]...)
				}
			default:
				if j < len(b) {
					b[j] = "changed\n"
				}
			}
		}
		if r.IntN(4) == 0 && len(b) > 0 {
			b[len(b)-1] = strings.TrimSuffix(b[len(b)-1], "\n")
		}
		oldText, newText := strings.Join(a, ""), strings.Join(b, "")
		d := unifiedDiff("x", "y", []byte(oldText), []byte(newText))
		if (d == "") != (oldText == newText) {
			t.Fatalf("case %d: diff %q of %q and %q", i, d, oldText, newText)
		}
		if d == "" {
			continue
		}
		if got := applyUnified(t, oldText, d); got != newText {
			t.Fatalf("case %d: the diff\n%s\napplied to\n%q\ngives\n%q\nwant\n%q", i, d, oldText, got, newText)
		}
	}
}

// TestDiffLinesBounded: beyond maxEditDistance the lines that differ are
// replaced as a whole, still a correct diff.
func TestDiffLinesBounded(t *testing.T) {
	var a, b []string
	for i := range maxEditDistance + 10 {
		a = append(a, fmt.Sprintf("a%d\n", i))
		b = append(b, fmt.Sprintf("b%d\n", i))
	}
	ops := diffLines(a, b)
	if len(ops) != len(a)+len(b) || ops[0].kind != '-' || ops[len(a)].kind != '+' {
		t.Errorf("%d ops, first %c, then %c", len(ops), ops[0].kind, ops[len(a)].kind)
	}
	old, new := strings.Join(a, ""), strings.Join(b, "")
	if got := applyUnified(t, old, unifiedDiff("x", "y", []byte(old), []byte(new))); got != new {
		t.Error("the bounded diff does not apply")
	}
}
