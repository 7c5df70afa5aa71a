// Package store is the bottom layer: a client of the user's own that retries.
package store

import (
	"context"
	"errors"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"
)

var errUnavailable = errors.New("unavailable")

// Client talks to the store.
type Client struct {
	S3 *s3.Client
}

func (c *Client) call(ctx context.Context) error { return ctx.Err() }

// Get retries up to 4 times.
func (c *Client) Get(ctx context.Context, key string) error { // want Get:`reaches\(retries, up to 4 attempts\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = c.call(ctx); err == nil {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}

// Put calls the SDK, which retries by itself.
func (c *Client) Put(ctx context.Context, in *s3.PutObjectInput) error { // want Put:`reaches\(s3.Client.PutObject, the library default of 3 attempts\)`
	_, err := c.S3.PutObject(ctx, in)
	return err
}

// Scan walks items; no item is retried.
func (c *Client) Scan(ctx context.Context, keys []string) error {
	for _, k := range keys {
		if k == "" {
			return errUnavailable
		}
		if err := c.call(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Bump is a compare-and-swap loop, not a retry layer.
func (c *Client) Bump(n *atomic.Int64) {
	for {
		old := n.Load()
		if n.CompareAndSwap(old, old+1) {
			return
		}
	}
}
