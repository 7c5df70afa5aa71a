// Package payclient sends the key it is given: its functions carry a
// KeyParamFact to the packages that call them.
package payclient

import (
	"context"
	"net/http"
)

// Charge sends key as the request's idempotency key.
func Charge(ctx context.Context, c *http.Client, u string, key string) error { // want Charge:`keyparams\[3\]`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header = http.Header{"Idempotency-Key": {"unused"}}
	req.Header.Set("X-Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Trace sends its argument as a correlation id: no fact.
func Trace(ctx context.Context, c *http.Client, u, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Request-ID", id)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
