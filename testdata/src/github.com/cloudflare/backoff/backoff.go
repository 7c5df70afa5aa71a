// Package backoff is a stub of github.com/cloudflare/backoff
// (v0.0.0-20240920015135-e46b80a3a7d0) with its API: a doubling wait from
// an interval up to a maximum, drawn at random below it unless the Backoff
// was made by NewWithoutJitter.
package backoff

import (
	"math/rand"
	"time"
)

var DefaultInterval = 5 * time.Minute

var DefaultMaxDuration = 6 * time.Hour

type Backoff struct {
	maxDuration time.Duration
	interval    time.Duration
	noJitter    bool
	decay       time.Duration
	n           uint64
	lastTry     time.Time
}

func New(max time.Duration, interval time.Duration) *Backoff {
	if max < 0 || interval < 0 {
		panic("backoff: max or interval is negative")
	}
	b := &Backoff{maxDuration: max, interval: interval}
	b.setup()
	return b
}

func NewWithoutJitter(max time.Duration, interval time.Duration) *Backoff {
	b := New(max, interval)
	b.noJitter = true
	return b
}

func (b *Backoff) setup() {
	if b.interval == 0 {
		b.interval = DefaultInterval
	}
	if b.maxDuration == 0 {
		b.maxDuration = DefaultMaxDuration
	}
}

// Duration returns the next wait and counts the try.
func (b *Backoff) Duration() time.Duration {
	b.setup()
	t := b.duration(b.n)
	b.n++
	if !b.noJitter {
		t = time.Duration(rand.Int63n(int64(t)))
	}
	return t
}

// duration gives its named result with a bare return, as the library does.
func (b *Backoff) duration(n uint64) (t time.Duration) {
	t = b.interval << min(n, 62)
	if t <= 0 || t > b.maxDuration {
		t = b.maxDuration
	}
	return
}

func (b *Backoff) Reset() {
	b.lastTry = time.Time{}
	b.n = 0
}

func (b *Backoff) SetDecay(decay time.Duration) {
	if decay < 0 {
		panic("backoff: decay < 0")
	}
	b.decay = decay
}
