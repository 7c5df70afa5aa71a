// Package headersflag is checked with -unkeyedpost.headers=PayPal-Request-Id:
// that header counts as a key, as does a name with Idempotency in it;
// others still do not.
package headersflag

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errFailed = errors.New("failed")

func paypal(ctx context.Context, c *http.Client, u, orderID string) error { // want paypal:`keyparams\[3\]`
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("paypal-request-id", orderID)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// An API's own key header, named as one, needs no flag.
func checkout(ctx context.Context, c *http.Client, u, orderID string) error { // want checkout:`keyparams\[3\]`
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Cko-Idempotency-Key", orderID)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A correlation id is no key.
func correlated(ctx context.Context, c *http.Client, u, orderID string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop`
		if err != nil {
			return err
		}
		req.Header.Set("X-Request-Id", orderID)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}
