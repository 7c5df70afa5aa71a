package nestedretry

import (
	"bytes"
	"encoding/gob"
	"reflect"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
)

// TestFactsGob round-trips the facts through gob, as unitchecker (go vet,
// nogo) carries them between packages.
func TestFactsGob(t *testing.T) {
	facts := []any{
		&ReachesFact{
			Chain:      []Link{{PkgPath: "example.com/a", PkgName: "a", Name: "(*Client).Get"}, {Name: "s3.Client.PutObject"}},
			Bound:      retrysite.Bound{Kind: retrysite.LibraryDefault, Attempts: 12},
			Within:     "a deadline",
			OwnRetries: true,
			DoYields:   true,
			UnderDo:    &ReachesFact{Chain: []Link{{Name: "s3.Client.PutObject"}}, Bound: retrysite.Bound{Kind: retrysite.LibraryDefault, Attempts: 3}},
		},
		&ClientFact{Config: clientConfig{State: cfgAttempts, Attempts: 5}},
		&RetriedFact{
			By:     Link{PkgPath: "example.com/pipeline", PkgName: "pipeline", Name: "(*Stage).Deliver"},
			Kind:   "retry loop",
			Bound:  retrysite.Bound{Kind: retrysite.Unknown},
			Within: "30 seconds",
		},
		&WiringFact{
			Retried: []RetriedMethod{{Iface: Link{PkgPath: "example.com/backend", PkgName: "backend", Name: "Backend"}, Method: "Save",
				Retry: RetriedFact{By: Link{PkgPath: "example.com/retry", PkgName: "retry", Name: "(*Backend).Save"}, Kind: "retry call"},
				At:    "example.com/retry/retry.go:20", Via: Link{PkgPath: "example.com/index", PkgName: "index", Name: "IndexSet.PutFile"}}},
			Impls: []RetryingImpl{{Iface: Link{PkgPath: "example.com/backend", PkgName: "backend", Name: "Backend"}, Method: "Save",
				Impl:  Link{PkgPath: "example.com/s3", PkgName: "s3", Name: "(*s3).Save"},
				Leads: ReachesFact{Chain: []Link{{Name: "minio.Client.PutObject"}}, Bound: retrysite.Bound{Kind: retrysite.LibraryDefault, Attempts: 10}},
				At:    []string{"example.com/s3/s3.go:285", "example.com/s3/s3.go:300"}}},
			Met: []string{"a|b"},
		},
		&ForwardsFact{Methods: []MethodRef{{Iface: Link{PkgPath: "example.com/objstore", PkgName: "objstore", Name: "ObjectClient"}, Method: "PutObject"}}},
	}
	for _, f := range facts {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(f); err != nil {
			t.Fatalf("encoding %T: %v", f, err)
		}
		got := reflect.New(reflect.TypeOf(f).Elem()).Interface()
		if err := gob.NewDecoder(&buf).Decode(got); err != nil {
			t.Fatalf("decoding %T: %v", f, err)
		}
		if !reflect.DeepEqual(got, f) {
			t.Errorf("%T: got %+v, want %+v", f, got, f)
		}
	}
}

func TestCapChain(t *testing.T) {
	var chain []Link
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		chain = append(chain, Link{Name: n})
	}
	got := capChain(chain)
	want := []Link{{Name: "a"}, {Name: "b"}, {Name: "..."}, {Name: "f"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("capChain = %v, want %v", got, want)
	}
}

// TestVisible: entries about an internal package's interfaces are carried
// only within the tree of its parent, where they can be named.
func TestVisible(t *testing.T) {
	for _, tc := range []struct {
		iface, from string
		want        bool
	}{
		{"example.com/m/backend", "example.com/other", true},
		{"example.com/m/internal/backend", "example.com/m/cmd/app", true},
		{"example.com/m/internal/backend", "example.com/m", true},
		{"example.com/m/internal/backend", "example.com/mx/cmd", false},
		{"example.com/m/internal/backend", "example.com/other", false},
		{"example.com/m/internal", "example.com/m/x", true},
		{"example.com/m/internal", "example.com/n", false},
		{"example.com/m/a/internal/b/internal/c", "example.com/m/a/internal/b/x", true},
		{"example.com/m/a/internal/b/internal/c", "example.com/m/a/y", false},
	} {
		if got := visible(tc.iface, tc.from); got != tc.want {
			t.Errorf("visible(%q, %q) = %v, want %v", tc.iface, tc.from, got, tc.want)
		}
	}
}
