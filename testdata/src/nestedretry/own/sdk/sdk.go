// Package sdk is an internal SDK whose client retries inside (declared with -clients).
package sdk

import "context"

// Client is the internal SDK's client.
type Client struct{}

// Send retries 3 times inside, out of the analysis's sight.
func (c *Client) Send(ctx context.Context, msg string) error { return ctx.Err() }

// Close does not retry.
func (c *Client) Close() error { return nil }

// Publish retries 2 times inside.
func Publish(ctx context.Context, topic string) error { return ctx.Err() }
