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
		time.Sleep(50 * time.Millisecond) // want `retry loop waits a fixed 50ms`
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

// --- not reported ---

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
