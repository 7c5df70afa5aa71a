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
