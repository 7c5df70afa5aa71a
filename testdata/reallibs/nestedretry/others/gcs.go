package others

import (
	"context"
	"time"

	"cloud.google.com/go/storage"
)

// Reads retry until the context ends by default.
func attrs(ctx context.Context, client *storage.Client) error {
	obj := client.Bucket("b").Object("o")
	for i := 0; i < 3; i++ {
		if _, err := obj.Attrs(ctx); err == nil { // want `retry loop of up to 3 attempts calls storage.ObjectHandle.Attrs, which makes unbounded attempts itself: unbounded calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func attrsBounded(ctx context.Context, client *storage.Client) error {
	for i := 0; i < 3; i++ {
		if _, err := client.Bucket("b").Retryer(storage.WithMaxAttempts(2)).Attrs(ctx); err == nil { // want `calls storage.BucketHandle.Attrs, which makes up to 2 attempts itself: up to 6 calls`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func handleOff(ctx context.Context, client *storage.Client) error {
	obj := client.Bucket("b").Object("o").Retryer(storage.WithPolicy(storage.RetryNever))
	for i := 0; i < 3; i++ {
		if _, err := obj.NewReader(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

func clientOff(ctx context.Context, client *storage.Client) error {
	client.SetRetry(storage.WithPolicy(storage.RetryNever))
	obj := client.Bucket("b").Object("o")
	for i := 0; i < 3; i++ {
		if _, err := obj.NewRangeReader(ctx, 0, 10); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// Delete without preconditions is not idempotent: the library does not retry it.
func del(ctx context.Context, client *storage.Client) error {
	for i := 0; i < 3; i++ {
		if err := client.Bucket("b").Object("o").Delete(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}
