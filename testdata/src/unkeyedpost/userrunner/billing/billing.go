// Package billing sends its POSTs through package retrier's helpers: an
// unkeyed POST built inside the closure is reported; a key made once,
// before the retry call, is not.
package billing

import (
	"context"
	"net/http"
	"strings"

	"github.com/google/uuid"

	"unkeyedpost/userrunner/retrier"
)

func charge(ctx context.Context, c *http.Client, u string) error {
	return retrier.Do(ctx, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader("{}")) // want `POST is retried by a retry call \(up to 4 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Through a forwarding runner and the generic one.
func refund(ctx context.Context, c *http.Client, u string) error {
	return retrier.Named(ctx, "refund", func(ctx context.Context) error {
		resp, err := c.Post(u, "application/json", nil) // want `POST by \(\*http.Client\).Post is retried by a retry call \(up to 4 attempts\)`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func capture(ctx context.Context, c *http.Client, u string) (int, error) {
	return retrier.Value(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry call \(up to 3 attempts\)`
		if err != nil {
			return 0, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
}

// The key is made once, outside the retried closure: quiet.
func chargeKeyed(ctx context.Context, c *http.Client, u string) error {
	key := uuid.NewString()
	return retrier.Do(ctx, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A callback called once is not retried: quiet.
func chargeOnce(ctx context.Context, c *http.Client, u string) error {
	return retrier.Once(ctx, func(ctx context.Context) error {
		resp, err := c.Post(u, "application/json", nil)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A runner kept in an unexported struct field that the package only ever
// sets to a runner.
type client struct {
	retry func(context.Context, func(context.Context) error) error
	http  *http.Client
}

func (cl *client) charge(ctx context.Context, u string) error {
	return cl.retry(ctx, func(ctx context.Context) error {
		resp, err := cl.http.Post(u, "application/json", nil) // want `POST by \(\*http.Client\).Post is retried by a retry call \(up to 4 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func newClient() *client { return &client{retry: retrier.Do, http: http.DefaultClient} }

// Gateway's exported field can be set by any importer, to a function that
// calls once: quiet.
type Gateway struct {
	Retry func(context.Context, func(context.Context) error) error
	HTTP  *http.Client
}

func NewGateway() *Gateway { return &Gateway{Retry: retrier.Do, HTTP: http.DefaultClient} }

func (g *Gateway) Charge(ctx context.Context, u string) error {
	return g.Retry(ctx, func(ctx context.Context) error {
		resp, err := g.HTTP.Post(u, "application/json", nil)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
