package main

import (
	"bytes"
	"cmp"
	"go/token"
	"os"

	"golang.org/x/tools/go/analysis"
)

// sources reads the files that fixes edit, each once.
type sources struct {
	content map[string][]byte
	errs    map[string]error
}

func newSources() *sources {
	return &sources{content: make(map[string][]byte), errs: make(map[string]error)}
}

func (s *sources) read(name string) ([]byte, error) {
	if data, ok := s.content[name]; ok {
		return data, s.errs[name]
	}
	data, err := os.ReadFile(name)
	s.content[name], s.errs[name] = data, err
	return data, err
}

// A location is where an edit of a fix applies: a file on disk and byte
// offsets in it.
type location struct {
	file       string
	start, end int
	// parsed is the file the analyzer read, when the edit applies to it
	// (nil when it was mapped to another file): it must still be what is
	// on disk when the fix is applied.
	parsed *token.File
}

// locate returns where the edit e applies. Usually that is the file the
// analyzer parsed. Where //line directives map that file elsewhere, the edit
// applies to the file mapped to: cmd/cgo's translation of a file that
// imports "C", which go/packages parses from the build cache, maps every
// line back to the file the user edits. It is located there only when the
// lines it touches read the same in both files, so that it changes the text
// the analyzer saw; otherwise ok is false, and the fix is not applied (nor
// ever written to the build cache).
func (s *sources) locate(fset *token.FileSet, e analysis.TextEdit) (loc location, ok bool) {
	tf := fset.File(e.Pos)
	if tf == nil {
		return location{}, false
	}
	end := cmp.Or(e.End, e.Pos)
	rawStart, rawEnd := tf.PositionFor(e.Pos, false), tf.PositionFor(end, false)
	start, stop := tf.PositionFor(e.Pos, true), tf.PositionFor(end, true)
	if start == rawStart && stop == rawEnd {
		return location{file: tf.Name(), start: tf.Offset(e.Pos), end: tf.Offset(end), parsed: tf}, true
	}
	if start.Filename != stop.Filename || start.Line-rawStart.Line != stop.Line-rawEnd.Line {
		return location{}, false
	}
	parsed, err := s.read(tf.Name())
	if err != nil || len(parsed) != tf.Size() {
		return location{}, false
	}
	target, err := s.read(start.Filename)
	if err != nil {
		return location{}, false
	}
	from, to, ok := lineSpan(parsed, rawStart.Line, rawEnd.Line)
	tfrom, tto, tok := lineSpan(target, start.Line, stop.Line)
	if !ok || !tok || !bytes.Equal(parsed[from:to], target[tfrom:tto]) {
		return location{}, false
	}
	return location{
		file:  start.Filename,
		start: tfrom + (tf.Offset(e.Pos) - from),
		end:   tfrom + (tf.Offset(end) - from),
	}, true
}

// lineSpan returns the byte offsets of lines first to last (1-based) of
// data, the newline of the last included.
func lineSpan(data []byte, first, last int) (from, to int, ok bool) {
	line, from := 1, -1
	if first == 1 {
		from = 0
	}
	for i, b := range data {
		if b != '\n' {
			continue
		}
		if line == last {
			return from, i + 1, from >= 0
		}
		line++
		if line == first {
			from = i + 1
		}
	}
	if line == last && from >= 0 {
		return from, len(data), true // the last line, without a newline
	}
	return 0, 0, false
}
