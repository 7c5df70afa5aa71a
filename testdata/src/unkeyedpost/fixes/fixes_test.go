package fixes

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
)

// failFirst is a transport that fails the first request to each URL with
// an error (so the retry loops, which retry on an error from Do, go round)
// and answers 200 to every later one, recording each request's
// Idempotency-Key by method and URL.
type failFirst struct {
	mu   sync.Mutex
	keys map[string][]string
}

func (f *failFirst) RoundTrip(req *http.Request) (*http.Response, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	target := req.Method + " " + req.URL.String()
	f.keys[target] = append(f.keys[target], req.Header.Get("Idempotency-Key"))
	if len(f.keys[target]) == 1 {
		return nil, errors.New("connection reset by peer")
	}
	return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody, Request: req}, nil
}

// TestOneKeyPerOperation runs each retried write whose report has a fix
// with a transport that fails the first request to each URL, and checks that
// every request to one URL carries one non-empty key and that two URLs
// (two operations) do not share one. unkeyedpost's test runs it on fixes.go
// (where it fails: no key, or a new one per attempt) and on the fixed
// fixes.go.golden (where it passes).
func TestOneKeyPerOperation(t *testing.T) {
	const u = "http://api.test/v1"
	ops := []struct {
		name    string
		targets []string
		run     func(context.Context, *http.Client) error
	}{
		{"Charge", []string{"POST " + u}, func(ctx context.Context, c *http.Client) error { return charge(ctx, c, u, "{}") }},
		{"KeyTaken", []string{"PATCH " + u + "k1"}, func(ctx context.Context, c *http.Client) error { return chargeKeyTaken(ctx, c, u, "k1") }},
		{"BuiltOnce", []string{"POST " + u}, func(ctx context.Context, c *http.Client) error { return builtOnce(ctx, c, u) }},
		{"FreshKey", []string{"POST " + u}, func(ctx context.Context, c *http.Client) error { return freshKey(ctx, c, u) }},
		{"FreshInline", []string{"POST " + u}, func(ctx context.Context, c *http.Client) error { return freshInline(ctx, c, u, "o1") }},
		{"FreshArg", []string{"POST " + u}, func(ctx context.Context, c *http.Client) error { return freshArg(ctx, c, u) }},
		{"TwoWrites", []string{"POST " + u + "/orders", "POST " + u + "/captures"}, func(ctx context.Context, c *http.Client) error {
			return createAndCapture(ctx, c, u)
		}},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			t.Parallel() // the loops wait a second between attempts
			f := &failFirst{keys: make(map[string][]string)}
			if err := op.run(context.Background(), &http.Client{Transport: f}); err != nil {
				t.Fatalf("%s failed: %v", op.name, err)
			}
			seen := make(map[string]string) // key -> target
			for _, target := range op.targets {
				got := f.keys[target]
				if len(got) < 2 {
					t.Errorf("%s: %d requests, want the failed one and its retry", target, len(got))
					continue
				}
				for _, k := range got {
					if k == "" || k != got[0] {
						t.Errorf("%s sent keys %q: want one non-empty key on every attempt", target, got)
						break
					}
				}
				if other, ok := seen[got[0]]; ok {
					t.Errorf("%s and %s share the key %q: want one key per operation", other, target, got[0])
				}
				seen[got[0]] = target
			}
			if len(f.keys) != len(op.targets) {
				t.Errorf("requests to %v, want only %q", f.keys, op.targets)
			}
		})
	}
}
