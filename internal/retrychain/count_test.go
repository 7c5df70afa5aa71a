package retrychain

import (
	"go/ast"
	"strings"
	"testing"

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

// TestCountOf: the kinds of nestedretry's bounds, read from what they say.
func TestCountOf(t *testing.T) {
	var f nestedretry.ReachesFact
	f.Bound.Kind, f.Bound.Attempts = 1, 4 // retrysite.Known
	if got := countOf(&f); got != (Count{Kind: Known, N: 4}) {
		t.Errorf("known bound: %+v (%s)", got, f.Bound)
	}
	f.Bound.Kind = 2 // retrysite.LibraryDefault
	if got := countOf(&f); got != (Count{Kind: Default, N: 4}) {
		t.Errorf("library default: %+v (%s)", got, f.Bound)
	}
	f.Bound.Kind, f.Bound.Attempts = 3, 0 // retrysite.Unbounded
	if got := countOf(&f); got != (Count{Kind: Unbounded}) {
		t.Errorf("unbounded: %+v (%s)", got, f.Bound)
	}
	f.Bound.Kind = 0 // retrysite.Unknown
	if got := countOf(&f); got != (Count{}) {
		t.Errorf("unknown: %+v (%s)", got, f.Bound)
	}
}

// TestSitesOfShape: a result without the fields read is an error, not an
// empty report.
func TestSitesOfShape(t *testing.T) {
	type noSites struct{ Other []int }
	if _, err := sitesOf(&noSites{}); err == nil {
		t.Error("no error for a result without Sites")
	}
	type badSite struct{ Node string }
	type result struct{ Sites []*badSite }
	if _, err := sitesOf(&result{Sites: []*badSite{{Node: "x"}}}); err == nil {
		t.Error("no error for a site whose Node is not an ast.Node")
	}
	type site struct {
		Node    ast.Node
		Attempt *ast.BlockStmt
	}
	type noBound struct{ Sites []*site }
	if _, err := sitesOf(&noBound{Sites: []*site{{Node: &ast.ForStmt{}, Attempt: &ast.BlockStmt{}}}}); err == nil {
		t.Error("no error for a site without Runner and Bound")
	}
	if s, err := sitesOf(nil); s != nil || err != nil {
		t.Errorf("nil result: %v, %v", s, err)
	}
}
