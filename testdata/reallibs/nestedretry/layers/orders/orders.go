// Package orders is the middle layer: it retries around the store.
package orders

import (
	"context"
	"sync/atomic"
	"time"

	"example.com/reallibs/nestedretry/layers/store"
)

// Fetch retries 4 times around store.Get, which retries 4 times itself.
func Fetch(ctx context.Context, c *store.Client, id string) error { // want Fetch:`reaches\(\(\*store.Client\).Get, up to 16 attempts\)`
	var err error
	for i := 0; i < 4; i++ {
		if err = c.Get(ctx, id); err == nil { // want `retry loop of up to 4 attempts calls \(\*store.Client\).Get, which makes up to 4 attempts: up to 16 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Load reaches store.Get through a helper, without retrying itself.
func Load(ctx context.Context, c *store.Client, id string) error { // want Load:`reaches\(orders.fetchOne -> \(\*store.Client\).Get, up to 4 attempts\)`
	return fetchOne(ctx, c, id)
}

func fetchOne(ctx context.Context, c *store.Client, id string) error { return c.Get(ctx, id) }

// ScanAll retries around a walk that does not retry: not reported.
func ScanAll(ctx context.Context, c *store.Client, keys []string) error { // want ScanAll:`reaches\(retries, up to 3 attempts\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = c.Scan(ctx, keys); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Count goes around a local compare-and-swap and ctx.Err(): it retries no
// other process, so it is no retry site, and nothing is reported.
func Count(ctx context.Context, c *store.Client, n *atomic.Int64) error {
	var err error
	for i := 0; i < 3; i++ {
		c.Bump(n)
		if err = ctx.Err(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
