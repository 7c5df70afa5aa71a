package defaults

import (
	"testing"
	"time"
)

// withBackoff lets a test replace the client's backoff: a test's value,
// which leaves the program's default alone.
func withBackoff(c *Client, f func(uint8) time.Duration) { c.retryBackoff = f }

func TestNoWait(t *testing.T) {
	withBackoff(NewClient(), func(uint8) time.Duration { return 0 })
}
