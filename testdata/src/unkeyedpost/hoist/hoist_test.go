package hoist

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// TestOneKeyPerOperation runs each operation against a server that answers
// 503 to the first two attempts of each request body and 200 to the third,
// and checks that the operation made three attempts, all with one non-empty
// key, and that two operations did not share a key. unkeyedpost's test runs
// it on hoist.go (where it fails: each attempt carries a new key) and on the
// fixed hoist.go.golden (where it passes).
func TestOneKeyPerOperation(t *testing.T) {
	ops := []struct {
		name   string
		bodies []string // one operation per body
		run    func(context.Context, *Client) error
	}{
		{"Define", []string{"define"}, func(ctx context.Context, c *Client) error { return c.Define(ctx, "define") }},
		{"Assign", []string{"assign"}, func(ctx context.Context, c *Client) error { return c.Assign(ctx, "assign") }},
		{"IfAssign", []string{"ifassign"}, func(ctx context.Context, c *Client) error { return c.IfAssign(ctx, "ifassign") }},
		{"IfDefine", []string{"ifdefine"}, func(ctx context.Context, c *Client) error { return c.IfDefine(ctx, "ifdefine") }},
		{"Request", []string{"request"}, func(ctx context.Context, c *Client) error { return c.Request(ctx, "request") }},
		{"Return", []string{"return"}, func(ctx context.Context, c *Client) error { return c.Return(ctx, "return") }},
		{"Expr", []string{"expr"}, func(ctx context.Context, c *Client) error { return c.Expr(ctx, "expr") }},
		{"Formatted", []string{"formatted"}, func(ctx context.Context, c *Client) error { return c.Formatted(ctx, "o1", "formatted") }},
		{"Taken", []string{""}, func(ctx context.Context, c *Client) error { return c.Taken(ctx, "a", "b", "c") }},
		{"Nested", []string{"acct1", "acct2"}, func(ctx context.Context, c *Client) error {
			return c.Nested(ctx, []string{"acct1", "acct2"})
		}},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			var mu sync.Mutex
			keys := make(map[string][]string) // by request body
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				mu.Lock()
				keys[string(body)] = append(keys[string(body)], r.Header.Get("Idempotency-Key"))
				n := len(keys[string(body)])
				mu.Unlock()
				if n <= 2 {
					w.WriteHeader(http.StatusServiceUnavailable)
				}
			}))
			defer srv.Close()

			if err := op.run(context.Background(), &Client{HTTP: srv.Client(), BaseURL: srv.URL}); err != nil {
				t.Fatalf("%s failed: %v", op.name, err)
			}
			mu.Lock()
			defer mu.Unlock()
			seen := make(map[string]string) // key -> body
			for _, body := range op.bodies {
				got := keys[body]
				if len(got) != 3 {
					t.Errorf("operation %q made %d attempts, want 3 (two 503s, then 200)", body, len(got))
					continue
				}
				for _, k := range got {
					if k == "" || k != got[0] {
						t.Errorf("operation %q sent keys %q: want one non-empty key on every attempt", body, got)
						break
					}
				}
				if other, ok := seen[got[0]]; ok {
					t.Errorf("operations %q and %q share the key %q: want one key per operation", other, body, got[0])
				}
				seen[got[0]] = body
			}
			if len(keys) != len(op.bodies) {
				t.Errorf("requests with bodies %v, want only %q", keys, op.bodies)
			}
		})
	}
}
