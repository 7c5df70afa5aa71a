// Package backoff is a stub of github.com/grafana/dskit/backoff (commit
// 4a836a70f745, the version grafana/loki vendors, has the same API as
// de1ec7541c44, which testdata/reallibs pins: the module proxy does not
// serve the vendored commit):
// the API surface retrylint's tests use, with the real signatures, and a
// Wait that, like the real one, sleeps a randomised delay while Ongoing.
package backoff

import (
	"context"
	"math/rand"
	"time"
)

// Config is backoff.go's Config.
type Config struct {
	MinBackoff time.Duration
	MaxBackoff time.Duration
	MaxRetries int // zero means infinite retries
}

// Backoff is backoff.go's Backoff.
type Backoff struct {
	cfg        Config
	ctx        context.Context
	numRetries int
}

// New is backoff.go's New.
func New(ctx context.Context, cfg Config) *Backoff {
	return &Backoff{cfg: cfg, ctx: ctx}
}

// Reset is backoff.go's Reset.
func (b *Backoff) Reset() { b.numRetries = 0 }

// Ongoing is backoff.go's Ongoing.
func (b *Backoff) Ongoing() bool {
	return b.ctx.Err() == nil && (b.cfg.MaxRetries == 0 || b.numRetries < b.cfg.MaxRetries)
}

// Err is backoff.go's Err.
func (b *Backoff) Err() error { return b.ctx.Err() }

// NumRetries is backoff.go's NumRetries.
func (b *Backoff) NumRetries() int { return b.numRetries }

// Wait is backoff.go's Wait.
func (b *Backoff) Wait() {
	sleepTime := b.NextDelay()
	if b.Ongoing() {
		timer := time.NewTimer(sleepTime)
		defer timer.Stop()
		select {
		case <-b.ctx.Done():
		case <-timer.C:
		}
	}
}

// NextDelay is backoff.go's NextDelay.
func (b *Backoff) NextDelay() time.Duration {
	b.numRetries++
	if b.cfg.MinBackoff >= b.cfg.MaxBackoff {
		return b.cfg.MinBackoff
	}
	return b.cfg.MinBackoff + time.Duration(rand.Int63n(int64(b.cfg.MaxBackoff-b.cfg.MinBackoff)))
}
