package headerhelper

import "context"

// Escalate calls CreateWith with no key among its headers: counted among
// the calls whose POST the client's retry loop re-sends.
func Escalate(ctx context.Context, c *Client) error {
	_, err := c.CreateWith(ctx, "{}", map[string]string{"From": "oncall"})
	return err
}

// EscalateOnce gives CreateWith a key made once, before the client's retries.
func EscalateOnce(ctx context.Context, c *Client, key string) error {
	_, err := c.CreateWith(ctx, "{}", map[string]string{"From": "oncall", "Idempotency-Key": key})
	return err
}
