// Package app nests retrylint's retry.Do.
package app

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/retrylint/retrylint/retry"

	"nestedretry/owndo/store"
)

// An inner retry.Do on the same context leaves the retries to the outer one.
func nestedDo(ctx context.Context) error {
	return retry.Do(ctx, retry.Policy{MaxAttempts: 3}, func(ctx context.Context) error {
		return retry.Do(ctx, retry.Policy{MaxAttempts: 3}, func(ctx context.Context) error {
			return ctx.Err()
		})
	})
}

func nestedAcross(ctx context.Context) error {
	return retry.Do(ctx, retry.Policy{MaxAttempts: 3}, func(ctx context.Context) error {
		return store.Load(ctx)
	})
}

// RetryNested opts out: the inner one retries too.
func optedOut(ctx context.Context) error {
	return retry.Do(ctx, retry.Policy{MaxAttempts: 3}, func(ctx context.Context) error {
		return retry.Do(ctx, retry.Policy{MaxAttempts: 3, RetryNested: true}, func(ctx context.Context) error { // want `retry call of up to 3 attempts calls retry.Do, which makes up to 3 attempts: up to 9 calls in all`
			return ctx.Err()
		})
	})
}

// A plain loop does not tell retry.Do to yield.
func loopAround(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = store.Load(ctx); err == nil { // want `retry loop of up to 3 attempts calls store.Load -> retry.Do, which makes up to 4 attempts: up to 12 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Under an outer retry.Do, the inner one yields but the SDK still retries.
func sdkBelow(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	return retry.Do(ctx, retry.Policy{MaxAttempts: 5}, func(ctx context.Context) error {
		return store.Save(ctx, c, in) // want `retry call of up to 5 attempts calls store.Save -> s3.Client.PutObject, which makes up to 3 attempts \(the library default\): up to 15 calls in all`
	})
}
