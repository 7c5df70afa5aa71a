package retry

import (
	"context"
	"math/rand/v2"
	"time"
)

// epoch is the fake clock's t = 0.
var epoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// fakeClock is a clock that moves only when told to: sleeping advances it at
// once, and an operation "takes" time by calling advance. Attempt contexts
// made with withDeadline end when it passes their deadline; it keeps them
// all, so that a test can prove each was canceled (its timer stopped).
type fakeClock struct {
	t      time.Time
	sleeps []time.Duration
	timers []*fakeTimer
}

type fakeTimer struct {
	deadline time.Time
	cancel   context.CancelCauseFunc // for an attempt context
	f        func()                  // for afterFunc
	stopped  bool                    // stopped, or fired
}

func newFakeClock() *fakeClock { return &fakeClock{t: epoch} }

// since returns the fake time since epoch.
func (c *fakeClock) since() time.Duration { return c.t.Sub(epoch) }

func (c *fakeClock) now() time.Time { return c.t }

func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	c.sleeps = append(c.sleeps, d)
	c.advance(d)
	return ctx.Err()
}

func (c *fakeClock) advance(d time.Duration) {
	c.t = c.t.Add(d)
	for _, t := range c.timers {
		if t.stopped || c.t.Before(t.deadline) {
			continue
		}
		if t.f != nil {
			t.stopped = true
			t.f()
		} else {
			t.cancel(context.DeadlineExceeded)
		}
	}
}

func (c *fakeClock) afterFunc(d time.Duration, f func()) func() bool {
	t := &fakeTimer{deadline: c.t.Add(d), f: f}
	c.timers = append(c.timers, t)
	return func() bool {
		running := !t.stopped
		t.stopped = true
		return running
	}
}

func (c *fakeClock) withDeadline(parent context.Context, d time.Time) (context.Context, context.CancelFunc) {
	if pd, ok := parent.Deadline(); ok && pd.Before(d) {
		d = pd
	}
	ctx, cancel := context.WithCancelCause(parent)
	t := &fakeTimer{deadline: d, cancel: cancel}
	c.timers = append(c.timers, t)
	if !c.t.Before(d) {
		cancel(context.DeadlineExceeded)
	}
	return fakeDeadlineCtx{ctx, d}, func() { t.stopped = true; cancel(context.Canceled) }
}

// liveTimers counts attempt contexts whose cancel func was never called and
// afterFunc timers neither stopped nor fired.
func (c *fakeClock) liveTimers() int {
	n := 0
	for _, t := range c.timers {
		if !t.stopped {
			n++
		}
	}
	return n
}

// fakeDeadlineCtx reports a deadline on the fake clock and ends with
// context.DeadlineExceeded when the clock passes it.
type fakeDeadlineCtx struct {
	context.Context
	deadline time.Time
}

func (c fakeDeadlineCtx) Deadline() (time.Time, bool) { return c.deadline, true }

func (c fakeDeadlineCtx) Err() error {
	if c.Context.Err() == nil {
		return nil
	}
	return context.Cause(c.Context)
}

// work is an operation that takes d on the fake clock, or until its
// context's deadline, and then returns result or the context's error.
func (c *fakeClock) work(ctx context.Context, d time.Duration, result error) error {
	if dl, ok := ctx.Deadline(); ok && !c.t.Add(d).Before(dl) {
		c.advance(dl.Sub(c.t))
		return ctx.Err()
	}
	c.advance(d)
	return result
}

// withFakes returns p running on clk with a random source seeded by seed.
func withFakes(p Policy, clk *fakeClock, seed uint64) Policy {
	p.clock = clk
	p.rand = rand.New(rand.NewPCG(seed, seed))
	return p
}

// fakeDeadline returns a context whose deadline is d after the fake epoch.
// The deadline is on the fake clock only: the context never ends by itself.
func fakeDeadline(d time.Duration) context.Context {
	return fakeDeadlineCtx{context.Background(), epoch.Add(d)}
}
