// Package orders is the middle of a chain across packages.
package orders

import (
	"context"
	"time"

	"shop/store"
)

// Fetch makes 4 attempts of store's Get, which makes 10 calls: 40.
func Fetch(ctx context.Context, c *store.Client, id string) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = c.Get(ctx, id); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Lookup sets a deadline and reaches store's Get once: 10 calls, bounded
// by the deadline.
func Lookup(ctx context.Context, c *store.Client, id string) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return c.Get(ctx, id)
}
