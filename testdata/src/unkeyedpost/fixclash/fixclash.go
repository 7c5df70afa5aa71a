// Package fixclash uses another library named retry: the fix imports
// retrylint's runtime library as rlretry. The retry-go call is the retry site.
package fixclash

import (
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/google/uuid"
)

func charge(ctx context.Context, c *http.Client, u string) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry call \(.*\) without an Idempotency-Key`
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(5))
}

func refund(ctx context.Context, c *http.Client, u string) error {
	err := retry.Do(func() error {
		id := uuid.New() // want `idempotency key is made anew on every attempt of this retry call`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Idempotency-Key", id.String())
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
	return err
}
