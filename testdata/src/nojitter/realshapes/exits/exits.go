// Package exits holds retry loops that leave on success in the ways real
// code does: a type switch on the error, a flag, a result sent back by the
// goroutine that made the attempt, a range over an int.
package exits

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

var errGaveUp = errors.New("gave up")

// lockError is the database's lock timeout.
type lockError struct{ table string }

func (e *lockError) Error() string { return "lock wait timeout on " + e.table }

type Store struct{ db *sql.DB }

func (s *Store) exec(ctx context.Context, q string) error {
	_, err := s.db.ExecContext(ctx, q)
	return err
}

// --- reported ---

// A type switch on the error: case nil leaves.
func (s *Store) Exec(ctx context.Context, q string) error {
	for i := 0; i < 5; i++ {
		err := s.exec(ctx, q)
		switch err.(type) {
		case nil:
			return nil
		case *lockError:
		default:
			return err
		}
		time.Sleep(500 * time.Millisecond) // want `retry loop waits a fixed 500ms`
	}
	return errGaveUp
}

// A flag set on success, checked after.
func renew(ctx context.Context, hc *http.Client, url string) error {
	renewed := false
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Post(url, "application/json", nil)
		if err == nil {
			resp.Body.Close()
			renewed = resp.StatusCode < 300
		}
		if renewed {
			break
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
	}
	if !renewed {
		return errGaveUp
	}
	return nil
}

// Each attempt runs in a goroutine of its own, so that a hung call is
// abandoned after a timeout; its result comes back on a channel.
func fetchWithTimeout(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	type result struct {
		resp *http.Response
		err  error
	}
	for attempt := 0; attempt < 3; attempt++ {
		done := make(chan error, 1)
		var resp *http.Response
		go func() {
			r, err := hc.Get(url)
			resp = r
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil {
				return resp, nil
			}
		case <-time.After(10 * time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2s`
	}
	return nil, errGaveUp
}

const maxRetries = 4

// A range over an int whose counter sets the wait.
func ping(ctx context.Context, hc *http.Client, url string) error {
	for try := range maxRetries {
		resp, err := hc.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second << try) // want `retry loop waits a deterministic duration \(time.Second << try\)`
	}
	return errGaveUp
}

// A runner whose operation says whether to go on, beside its error
// (nats.go's retryWithBackoff): the loop leaves when the operation answers
// false and goes around on true, even with an error.
func retryWhile(op func(attempt int) (bool, error), attempts int) error {
	var err error
	var again bool
	for i := 0; ; i++ {
		again, err = op(i)
		if !again {
			return err
		}
		if i >= attempts-1 {
			break
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
	}
	return err
}

// The other way round: the operation answers true when it is done.
func retryUntilDone(op func() (done bool, err error)) error {
	for range 5 {
		done, err := op()
		if done {
			return err
		}
		time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2s`
	}
	return errGaveUp
}

// A flag given the attempt's bool (tailscale's retryFollow): joined says
// whether one of the peers took the join.
func follow(hc *http.Client, peers []string) bool {
	wait := 500 * time.Millisecond
	for attempt := 1; ; attempt++ {
		joined := tryJoin(hc, peers)
		if joined || attempt == 10 {
			return joined
		}
		time.Sleep(wait) // want `retry loop waits a deterministic duration \(wait\)`
		wait *= 2
	}
}

func tryJoin(hc *http.Client, peers []string) bool {
	for _, p := range peers {
		if resp, err := hc.Post(p, "application/json", nil); err == nil {
			resp.Body.Close()
			return true
		}
	}
	return false
}

// A first iteration that only waits (told to wait before it starts) makes
// no attempt: it says nothing of what success or failure does.
func retryAfterDelay(op func() error, delayFirst bool) error {
	var err error
	for i := 0; i < 5; i++ {
		if i == 0 && delayFirst {
			time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
			continue
		}
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2s`
	}
	return err
}

// --- not reported ---

// A sender that waits while its queue is empty and goes on after each
// success: a worker, not a retry.
func drain(hc *http.Client, url string, queue []string) {
	for {
		if len(queue) == 0 {
			time.Sleep(time.Second)
			continue
		}
		if resp, err := hc.Post(url, "text/plain", nil); err == nil {
			resp.Body.Close()
			queue = queue[1:]
			continue
		}
		time.Sleep(time.Second)
	}
}

// A flag given the attempt's bool where success goes around: a worker
// that pushes whatever happens.
func pushEvery(hc *http.Client, peers []string) {
	for {
		pushed := tryJoin(hc, peers)
		if !pushed {
			println("push failed")
		}
		time.Sleep(time.Second)
	}
}

// An iterator over pages: it leaves on an error and when there are no more,
// and goes around when there are: it pages, it does not retry.
func drainPages(next func() (more bool, err error)) error {
	for {
		more, err := next()
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// A poll of a condition that fails on an error: it waits until ready, and an
// error ends it.
func pollReady(ready func() (bool, error)) error {
	for {
		ok, err := ready()
		if err != nil || ok {
			return err
		}
		time.Sleep(time.Second)
	}
}

// The same type switch with a jittered wait.
func (s *Store) ExecJittered(ctx context.Context, q string) error {
	for i := 0; i < 5; i++ {
		switch err := s.exec(ctx, q); err.(type) {
		case nil:
			return nil
		case *lockError:
		default:
			return err
		}
		time.Sleep(rand.N(100 * time.Millisecond))
	}
	return errGaveUp
}

// A type switch where success goes around: a worker draining a queue, no
// retry.
func (s *Store) Drain(ctx context.Context, queries <-chan string) {
	for q := range queries {
		switch err := s.exec(ctx, q); err.(type) {
		case nil:
			continue
		default:
			println(err.Error())
		}
		time.Sleep(time.Second)
	}
}

// A range over an int with the counter in a jittered wait.
func pingJittered(ctx context.Context, hc *http.Client, url string) error {
	for try := range maxRetries {
		resp, err := hc.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		d := time.Second << try
		time.Sleep(d/2 + rand.N(d/2))
	}
	return errGaveUp
}
