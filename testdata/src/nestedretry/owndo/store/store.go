// Package store retries with retrylint's retry.Do, which makes a single
// attempt when it runs inside another retry.Do on the same context.
package store

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/retrylint/retrylint/retry"
)

// Load retries up to 4 attempts, or one under an outer retry.Do.
func Load(ctx context.Context) error { // want Load:`reaches\(retry.Do, up to 4 attempts\)`
	return retry.Do(ctx, retry.Policy{MaxAttempts: 4}, func(ctx context.Context) error {
		return ctx.Err()
	})
}

// Save retries around the SDK; under an outer retry.Do only the SDK retries.
func Save(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error { // want Save:`reaches\(retry.Do -> s3.Client.PutObject, the library default of 12 attempts\)`
	return retry.Do(ctx, retry.Policy{MaxAttempts: 4}, func(ctx context.Context) error {
		_, err := c.PutObject(ctx, in) // want `retry call of up to 4 attempts calls s3.Client.PutObject`
		return err
	})
}
