// Package generic holds retry helpers of the user's own, generic ones too.
package generic

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// A loop around a call of the runner: the call is a retry site (RunnerCall).
func retried(ctx context.Context) error {
	var err error
	for i := 0; i < 2; i++ {
		if _, err = Retry(3, func() (int, error) { return 1, ctx.Err() }); err == nil { // want `retry loop of up to 2 attempts calls Retry, which makes up to 3 attempts: up to 6 calls in all`
			return nil
		}
	}
	return err
}

// Retry is a retry helper: it calls op up to n times.
func Retry[T any](n int, op func() (T, error)) (T, error) { // want Retry:`reaches\(retries, an unknown number of attempts, counted by param 0\)`
	var v T
	var err error
	for i := 0; i < n; i++ {
		if v, err = op(); err == nil {
			return v, nil
		}
		time.Sleep(time.Second)
	}
	return v, err
}

// Box holds a value; its method retries.
type Box[T any] struct{ v T }

// Fill retries 3 times.
func (b *Box[T]) Fill(ctx context.Context, f func(context.Context) (T, error)) error { // want Fill:`reaches\(retries, up to 3 attempts\)`
	var err error
	for i := 0; i < 3; i++ {
		if b.v, err = f(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The runner call is the outer retry site; the SDK call is in its attempt.
func upload(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) (*s3.PutObjectOutput, error) {
	return Retry(4, func() (*s3.PutObjectOutput, error) {
		return c.PutObject(ctx, in) // want `retry call of .* calls s3.Client.PutObject, which makes up to 3 attempts \(the library default\) itself: .* calls in all`
	})
}

func fill(ctx context.Context, b *Box[int]) error {
	var err error
	for i := 0; i < 2; i++ {
		if err = b.Fill(ctx, func(context.Context) (int, error) { return 1, nil }); err == nil { // want `retry loop of up to 2 attempts calls \(\*Box\).Fill, which makes up to 3 attempts: up to 6 calls in all`
			return nil
		}
	}
	return err
}

// A method value is not followed: quiet.
func methodValue(ctx context.Context, c *s3.Client, in *s3.PutObjectInput) error {
	put := c.PutObject
	var err error
	for i := 0; i < 3; i++ {
		if _, err = put(ctx, in); err == nil {
			return nil
		}
	}
	return err
}
