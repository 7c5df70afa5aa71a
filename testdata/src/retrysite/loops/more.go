package loops

import (
	"context"
	"errors"
	"io/fs"
	"time"

	"golang.org/x/time/rate"
)

type conn struct{ lim *rate.Limiter }

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

// errors.As picks the errors worth retrying.
func retryPathErrors() error {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		err := op()
		var pe *fs.PathError
		if errors.As(err, &pe) {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// Until the context ends.
func untilCtx(ctx context.Context) error {
	for ctx.Err() == nil { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		if err := opCtx(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return ctx.Err()
}

// A deadline bounds it, not a count.
func untilDeadline(deadline time.Time) error {
	for time.Now().Before(deadline) { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)`
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
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

// A bounded-time polling helper whose check ends the loop on error.
func waitReady(ctx context.Context, ready func(context.Context) (bool, error)) error {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for { // want `periodic loop, waits tick\(time.Second\)`
		ok, err := ready(ctx)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

// A retry loop inside a closure: the closure is the site's function.
func inClosure() func() error {
	return func() error {
		for i := 0; i < 2; i++ { // want `retry loop, up to 2 attempts, no wait`
			if op() == nil {
				return nil
			}
		}
		return errTemporary
	}
}

// A loop that always exits after the first attempt is not a retry.
func once() error {
	for {
		err := op()
		return err
	}
}

// Broken code must not crash the recogniser.
func empty() {
	for {
	}
}

var errMoving = errors.New("moving")

type window struct{ full bool }

func (w *window) handoff() bool { return false }

// A wait for room that aborts when the connection moves: the bool check that
// leaves the loop returns an error, so it is no attempt that succeeded.
func waitRoom(w *window, room <-chan struct{}) error {
	for w.full { // want `periodic loop, waits timer\(time.Second\)$`
		if w.handoff() {
			return errMoving
		}
		t := time.NewTimer(time.Second)
		select {
		case <-room:
		case <-t.C:
		}
	}
	return nil
}

type informer struct{}

func (informer) HasSynced() bool { return true }

// Waiting until a predicate holds is polling, not retrying.
func waitSynced(inf informer) {
	for !inf.HasSynced() { // want `periodic loop, waits sleep\(time.Millisecond\)`
		time.Sleep(time.Millisecond)
	}
}

type queue struct{}

func (queue) Get() (string, bool) { return "", false }

// A consumer: the bool says shut down, the item is processed otherwise.
func consumer(q queue) {
	for { // want `periodic loop, waits sleep\(3 \* time.Millisecond\)|periodic loop, waits sleep\(time.Millisecond\)`
		item, quit := q.Get()
		if quit {
			return
		}
		println(item)
		time.Sleep(3 * time.Millisecond)
	}
}

// A retry paced by a ticker made before the loop.
func tickerRetry(ctx context.Context) error {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for { // want `retry loop, unbounded attempts, waits tick\(time.Millisecond\)$`
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
			if err := opCtx(ctx); err == nil {
				return nil
			}
		}
	}
}

type session struct{ maxTries int }

// A countdown from a field, taken off in the branch that goes round: the
// loop stops when it reaches zero, after a number of attempts it does not
// show.
func (s *session) countdown() error {
	left := s.maxTries
	for { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)$`
		err := op()
		if err != nil && left > 0 {
			left--
			time.Sleep(time.Second)
			continue
		}
		return err
	}
}

// A count of failures kept for the log only: nothing stops the loop but
// success.
func (s *session) tally() {
	failures := 0
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)$`
		if err := op(); err == nil {
			return
		}
		if s.maxTries > 0 {
			failures++
		}
		println(failures)
		time.Sleep(time.Second)
	}
}

// The post statement is the attempt: only success ends the loop.
func attemptInPost() {
	for err := op(); err != nil; err = op() { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)$`
		time.Sleep(time.Second)
	}
}

// The post statement picks the next candidate: the loop ends when none is
// left, after a number of attempts it does not show.
func candidates(next func() *conn) error {
	for c := next(); c != nil; c = next() { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)$`
		if err := c.send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errTemporary
}

// Counting down, with the attempt in the check's init: it runs in the round
// that leaves too.
func countdownInInit() error {
	for remaining := 3; ; { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)$`
		remaining--
		if err := op(); err == nil || remaining <= 0 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// The attempt in the check's condition, the count taken after it.
func countdownInCond() {
	for remaining := 3; ; { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)$`
		if op() == nil || remaining <= 0 {
			return
		}
		remaining--
		time.Sleep(time.Second)
	}
}
