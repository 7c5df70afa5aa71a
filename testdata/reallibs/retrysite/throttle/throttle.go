// Package throttle holds the rate-limited loops of
// testdata/src/retrysite/loops, against the real golang.org/x/time/rate: a
// loop whose only pause is a limiter's Wait is a throttled worker, not a
// retry loop; one that waits a fixed time after a failure is a retry loop.
package throttle

import (
	"context"
	"errors"
	"time"

	"golang.org/x/time/rate"
)

var errTemporary = errors.New("temporary")

type conn struct{ lim *rate.Limiter }

func newConn() *conn { return &conn{lim: rate.NewLimiter(rate.Every(time.Second), 1)} }

func (c *conn) send() error { return nil }

func (c *conn) pause(d time.Duration) { time.Sleep(d) }

// A retry loop through methods: the wait is a helper method.
func (c *conn) retrySend() error {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		if err := c.send(); err == nil {
			return nil
		}
		c.pause(time.Second)
	}
	return errTemporary
}

// Its only pause is a rate limiter: a throttled worker, not a retry loop.
func (c *conn) throttled(ctx context.Context) error {
	for {
		if err := c.lim.Wait(ctx); err != nil {
			return err
		}
		if err := c.send(); err == nil {
			return nil
		}
	}
}
