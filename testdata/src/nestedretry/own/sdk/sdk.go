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

// SendAll is the SDK's own layer: it retries Send, whose code is here in
// sight, up to 4 times. What -clients says of Send speaks to the SDK's
// callers, not to the SDK itself.
func SendAll(ctx context.Context, c *Client, msgs []string) error { // want SendAll:`reaches\(retries, up to 4 attempts\)`
	for _, m := range msgs {
		var err error
		for attempt := 0; attempt < 4; attempt++ {
			if err = c.Send(ctx, m); err == nil {
				break
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}
