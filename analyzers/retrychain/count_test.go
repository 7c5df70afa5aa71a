package retrychain

import (
	"go/ast"
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

func TestCount(t *testing.T) {
	k := func(n int) Count { return Count{Kind: Known, N: n} }
	d := func(n int) Count { return Count{Kind: Default, N: n} }
	inf, unk := Count{Kind: Unbounded}, Count{}
	for _, tc := range []struct {
		name string
		got  Count
		want Count
	}{
		{"3 x 2", k(3).Mul(k(2)), k(6)},
		{"a default is among the factors", k(3).Mul(d(5)), d(15)},
		{"unbounded wins", inf.Mul(unk), inf},
		{"unknown spreads", k(3).Mul(unk), unk},
		{"one passes through", One.Mul(d(5)), d(5)},
		{"30 / 3", k(30).Div(k(3)), k(10)},
		{"the default was the divisor's", d(15).Div(d(5)), k(3)},
		{"the default stays", d(15).Div(k(3)), d(5)},
		{"not a divisor", k(10).Div(k(3)), unk},
		{"by one", inf.Div(One), inf},
		{"unbounded by a number", inf.Div(k(3)), unk},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, tc.got, tc.want)
		}
	}
	if s := []string{k(30).Times(), inf.Times(), unk.Times(), d(5).String()}; strings.Join(s, " ") != "x30 x∞ x? 5" {
		t.Errorf("shown as %q", s)
	}
	if !(inf.Rank() > k(1000).Rank() && k(1000).Rank() > k(3).Rank() && k(3).Rank() > unk.Rank()) {
		t.Errorf("ranks out of order: %d %d %d %d", inf.Rank(), k(1000).Rank(), k(3).Rank(), unk.Rank())
	}
}

// TestCountOf: the kinds of nestedretry's bounds.
func TestCountOf(t *testing.T) {
	var f nestedretry.ReachesFact
	f.Bound.Kind, f.Bound.Attempts = retrysite.Known, 4
	if got := countOf(&f); got != (Count{Kind: Known, N: 4}) {
		t.Errorf("known bound: %+v (%s)", got, f.Bound)
	}
	f.Bound.Kind = retrysite.LibraryDefault
	if got := countOf(&f); got != (Count{Kind: Default, N: 4}) {
		t.Errorf("library default: %+v (%s)", got, f.Bound)
	}
	f.Bound.Kind, f.Bound.Attempts = retrysite.Unbounded, 0
	if got := countOf(&f); got != (Count{Kind: Unbounded}) {
		t.Errorf("unbounded: %+v (%s)", got, f.Bound)
	}
	f.Bound.Kind = retrysite.Unknown
	if got := countOf(&f); got != (Count{}) {
		t.Errorf("unknown: %+v (%s)", got, f.Bound)
	}
}

// TestSitesOf: the sites a chain uses are those of retrysite's result that
// name their node and attempt; a spin is an unbounded loop that never waits;
// a result of another type is an error, not an empty report.
func TestSitesOf(t *testing.T) {
	loop, body := &ast.ForStmt{}, &ast.BlockStmt{}
	r := &retrysite.Result{Sites: []*retrysite.Site{
		nil,
		{Kind: retrysite.Loop, Node: loop}, // no attempt: left out
		{Kind: retrysite.Loop, Node: loop, Attempt: body, Bound: retrysite.Bound{Kind: retrysite.Unbounded}},
		{Kind: retrysite.Loop, Node: loop, Attempt: body, Bound: retrysite.Bound{Kind: retrysite.Known, Attempts: 3},
			Waits: []retrysite.Wait{{}}},
	}}
	got, err := sitesOf(r)
	if err != nil || len(got) != 2 {
		t.Fatalf("sitesOf: %+v, %v; want 2 sites", got, err)
	}
	if !got[0].spin || got[0].bound != (Count{Kind: Unbounded}) {
		t.Errorf("unbounded loop without waits: %+v, want a spin", got[0])
	}
	if got[1].spin || got[1].bound != (Count{Kind: Known, N: 3}) {
		t.Errorf("bounded loop: %+v, want 3 attempts and no spin", got[1])
	}
	if _, err := sitesOf(struct{}{}); err == nil {
		t.Error("no error for a result of another type")
	}
	for _, nothing := range []any{nil, (*retrysite.Result)(nil)} {
		if s, err := sitesOf(nothing); s != nil || err != nil {
			t.Errorf("%#v: %v, %v", nothing, s, err)
		}
	}
}
