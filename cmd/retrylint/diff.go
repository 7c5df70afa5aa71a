package main

import (
	"fmt"
	"slices"
	"strings"
)

// A lineOp is one line of a line diff: kept (' '), deleted ('-') or
// inserted ('+').
type lineOp struct {
	kind byte
	line string // with its newline, if it has one
}

// unifiedDiff returns the unified diff from old to new, with three lines of
// context, headed by the names given; "" when they are equal.
func unifiedDiff(oldName, newName string, old, new []byte) string {
	ops := diffLines(splitLines(string(old)), splitLines(string(new)))
	const context = 3
	var b strings.Builder
	for i := 0; i < len(ops); {
		// Find the next change, and the end of its hunk: the hunk goes on
		// while another change follows within 2*context kept lines.
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		end = min(len(ops), end+context)
		if b.Len() == 0 {
			fmt.Fprintf(&b, "--- %s\n+++ %s\n", oldName, newName)
		}
		writeHunk(&b, ops, start, end)
		i = end
	}
	return b.String()
}

// writeHunk writes the hunk of ops[start:end], with its header.
func writeHunk(b *strings.Builder, ops []lineOp, start, end int) {
	oldLine, newLine := 1, 1 // the lines ops[start] is at
	for _, op := range ops[:start] {
		if op.kind != '+' {
			oldLine++
		}
		if op.kind != '-' {
			newLine++
		}
	}
	var oldN, newN int
	for _, op := range ops[start:end] {
		if op.kind != '+' {
			oldN++
		}
		if op.kind != '-' {
			newN++
		}
	}
	fmt.Fprintf(b, "@@ -%s +%s @@\n", hunkRange(oldLine, oldN), hunkRange(newLine, newN))
	for _, op := range ops[start:end] {
		b.WriteByte(op.kind)
		b.WriteString(op.line)
		if !strings.HasSuffix(op.line, "\n") {
			b.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange is a range of a hunk header, as GNU diff writes it: an empty
// range names the line before it.
func hunkRange(line, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", line-1)
	case 1:
		return fmt.Sprint(line)
	}
	return fmt.Sprintf("%d,%d", line, n)
}

func splitLines(s string) []string {
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// maxEditDistance bounds the work of diffLines: beyond it, the lines that
// differ are shown as deleted and inserted as a whole.
const maxEditDistance = 2000

// diffLines returns a shortest edit script from a to b (Myers' algorithm),
// after their common prefix and suffix.
func diffLines(a, b []string) []lineOp {
	var prefix, suffix []lineOp
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		prefix = append(prefix, lineOp{' ', a[0]})
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		suffix = append(suffix, lineOp{' ', a[len(a)-1]})
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	slices.Reverse(suffix)
	return slices.Concat(prefix, myers(a, b), suffix)
}

func myers(a, b []string) []lineOp {
	n, m := len(a), len(b)
	off := n + m + 1
	v := make([]int, 2*off+1) // v[off+k]: the furthest x on diagonal k
	// trace[d] is v on diagonals -d..d before step d.
	var trace [][]int
	for d := 0; d <= n+m; d++ {
		if d > maxEditDistance {
			return replaceAll(a, b)
		}
		trace = append(trace, slices.Clone(v[off-d:off+d+1]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: an insertion
			} else {
				x = v[off+k-1] + 1 // right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d)
			}
		}
	}
	panic("unreachable: d = n+m always reaches the end")
}

// backtrack reads the edit script of length d back from trace.
func backtrack(a, b []string, trace [][]int, d int) []lineOp {
	var ops []lineOp
	x, y := len(a), len(b)
	for ; d > 0; d-- {
		prev := func(k int) int { return trace[d][k+d] }
		k := x - y
		pk := k - 1
		if k == -d || k != d && prev(k-1) < prev(k+1) {
			pk = k + 1
		}
		px := prev(pk)
		py := px - pk
		for x > px && y > py {
			ops = append(ops, lineOp{' ', a[x-1]})
			x, y = x-1, y-1
		}
		if x == px {
			ops = append(ops, lineOp{'+', b[y-1]})
			y--
		} else {
			ops = append(ops, lineOp{'-', a[x-1]})
			x--
		}
	}
	for x > 0 && y > 0 {
		ops = append(ops, lineOp{' ', a[x-1]})
		x, y = x-1, y-1
	}
	slices.Reverse(ops)
	return ops
}

func replaceAll(a, b []string) []lineOp {
	var ops []lineOp
	for _, l := range a {
		ops = append(ops, lineOp{'-', l})
	}
	for _, l := range b {
		ops = append(ops, lineOp{'+', l})
	}
	return ops
}
