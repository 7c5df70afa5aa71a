package main

import (
	"encoding/json"
	"go/token"
	"slices"
	"strings"
	"testing"
)

func TestParsePosition(t *testing.T) {
	for _, p := range []token.Position{
		{Filename: "/a/b.go", Line: 3, Column: 7},
		{Filename: "/a/b.go", Line: 3},
		{Filename: "/a/b.go"},
		{Filename: "C:/x:y/b.go", Line: 12, Column: 1},
		{},
	} {
		if got := parsePosition(p.String()); got != p {
			t.Errorf("parsePosition(%q) = %+v, want %+v", p.String(), got, p)
		}
	}
}

// TestPrintJSONOrdersByPosition: -json prints each result's diagnostics in
// order of file, line and column (not of token.Pos, whose order across a
// package's files depends on the order they were parsed in), so that two
// runs over the same tree print the same bytes.
func TestPrintJSONOrdersByPosition(t *testing.T) {
	diag := func(posn, msg string) jsonDiagnostic { return jsonDiagnostic{Posn: posn, End: posn, Message: msg} }
	tree := jsonTree{"m/p": {"a": {diags: []jsonDiagnostic{
		diag("/m/p/plain.go:17:13", "third"),
		diag("/m/p/alias.go:12:15", "first"),
		diag("/m/p/plain.go:9:2", "second, b"),
		diag("/m/p/plain.go:9:2", "second, a"),
	}}}}
	var out strings.Builder
	if err := printJSON(&out, tree); err != nil {
		t.Fatal(err)
	}
	var got map[string]map[string][]jsonDiagnostic
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	var msgs []string
	for _, d := range got["m/p"]["a"] {
		msgs = append(msgs, d.Message)
	}
	if want := []string{"first", "second, a", "second, b", "third"}; !slices.Equal(msgs, want) {
		t.Errorf("printed in the order %q, want %q", msgs, want)
	}
}
