// Package sites retries POSTs through every kind of retry site: a named
// operation handed to a retry library, and a retry helper of the user's own.
package sites

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

var errFailed = errors.New("failed")

// chargeOp is the operation handed to backoff.Retry by name: its body is the
// attempt. No fix: the key would have to be made in the caller.
func chargeOp() error {
	req, err := http.NewRequest(http.MethodPost, "http://pay.example/charges", nil) // want `POST is retried by a retry call`
	if err != nil {
		return backoff.Permanent(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func charge() error {
	return backoff.Retry(chargeOp, backoff.NewExponentialBackOff())
}

// withRetry is a retry helper of the user's own.
func withRetry(attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func refund(ctx context.Context, u string) error {
	return withRetry(3, func() error {
		resp, err := http.Post(u, "text/plain", nil) // want `POST by http.Post is retried by a retry call`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
