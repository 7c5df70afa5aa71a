package lsp

import (
	"sort"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// mapper converts byte offsets in a file's content to LSP positions, whose
// character is counted in UTF-16 code units (the protocol's default and
// the only encoding every client supports).
type mapper struct {
	content    []byte
	lineStarts []int
}

func newMapper(content []byte) *mapper {
	starts := []int{0}
	for i, b := range content {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &mapper{content: content, lineStarts: starts}
}

// position returns the LSP position of offset; false when the offset lies
// outside the content or inside a UTF-8 sequence.
func (m *mapper) position(offset int) (protocol.Position, bool) {
	if offset < 0 || offset > len(m.content) {
		return protocol.Position{}, false
	}
	line := sort.Search(len(m.lineStarts), func(i int) bool { return m.lineStarts[i] > offset }) - 1
	units := 0
	for i := m.lineStarts[line]; i < offset; {
		r, size := utf8.DecodeRune(m.content[i:])
		if i+size > offset {
			return protocol.Position{}, false
		}
		units += utf16Len(r)
		i += size
	}
	return protocol.Position{Line: uint32(line), Character: uint32(units)}, true
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}
