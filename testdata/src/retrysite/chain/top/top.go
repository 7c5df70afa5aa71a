// Package top forwards to mid: its functions are runners at depth 2, one of
// them a method that wraps its operation in a closure.
package top

import (
	"context"

	"retrysite/chain/mid"
)

// Client wraps every call in mid's runner.
type Client struct{ name string }

// Call wraps op in a closure and hands it to mid.Retry.
func (c *Client) Call(ctx context.Context, op func() error) error {
	return mid.Retry(ctx, func(context.Context) error { return op() }) // want `retry call, up to 5 attempts, no wait, runner Retry`
}

// Fetch forwards to the generic mid.Get with a concrete type.
func Fetch(ctx context.Context, fn func() (string, error)) (string, error) {
	return mid.Get(ctx, fn) // want `retry call, up to 4 attempts, no wait, runner Get`
}
