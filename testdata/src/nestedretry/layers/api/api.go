// Package api is the top layer: three layers of four attempts make 64 calls.
package api

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"

	"nestedretry/layers/orders"
	"nestedretry/layers/store"
)

// The diagnostic names the whole chain, at the call in the outer attempt.
func handle(ctx context.Context, c *store.Client, id string) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = orders.Fetch(ctx, c, id); err == nil { // want `retry loop of up to 4 attempts calls orders.Fetch -> \(\*store.Client\).Get, which makes up to 16 attempts: up to 64 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Through a function of this package and one of another, down to the SDK.
func save(ctx context.Context, c *store.Client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = put(ctx, c); err == nil { // want `retry loop of up to 5 attempts calls put -> \(\*store.Client\).Put -> s3.Client.PutObject, which makes up to 3 attempts \(the library default\): up to 15 calls in all`
			return nil
		}
	}
	return err
}

func put(ctx context.Context, c *store.Client) error { return c.Put(ctx, nil) }

// A retry loop nested in a retry call in one function: the outer one is
// reported, at the inner loop.
func nested(ctx context.Context) error {
	return backoff.Retry(func() error {
		var err error
		for j := 0; j < 3; j++ { // want `retry call of up to 3 attempts contains another retry loop, which makes up to 3 attempts: up to 9 calls in all`
			if err = ping(ctx); err == nil {
				return nil
			}
		}
		return err
	}, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), 2))
}

func ping(ctx context.Context) error { return ctx.Err() }

// Recursion does not loop the analysis.
func again(ctx context.Context, n int) error {
	if n == 0 {
		return ping(ctx)
	}
	return again(ctx, n-1)
}

func callsAgain(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = again(ctx, 2); err == nil {
			return nil
		}
	}
	return err
}
