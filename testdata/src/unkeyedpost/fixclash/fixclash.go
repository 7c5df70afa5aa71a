// Package fixclash uses another library named retry: the fix imports
// retrylint's runtime library as rlretry. The retry-go call is the retry site.
// chargeTwice's fixes declare two keys in one block that already declares
// key: each gets a name of its own.
package fixclash

import (
	"context"
	"net/http"
	"time"

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

func chargeTwice(ctx context.Context, c *http.Client, u string) (string, error) {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return "", err
		}
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second)
	}
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u+"/capture", nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return "", err
		}
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second)
	}
	key := u + "/done"
	return key, nil
}
