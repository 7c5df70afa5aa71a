// want package:`wiring\(retried nestedretry/wiring/blob.Store.Put by \(\*retrying.Store\).Put; 0 met\)`

// Package retrying wraps any blob.Store in retries of its own, as restic's
// retry.Backend does. What it wraps is out of its sight.
package retrying

import (
	"context"
	"time"

	"nestedretry/wiring/blob"
)

type Store struct {
	blob.Store
	OnRetry func(error)
	log     func() error
}

// Put retries through run, which hands attempts a variable holding either
// the operation or a literal that wraps it (restic's
// retryNotifyErrorWithSuccess): run is a runner, so Put's literal is the
// attempt.
func (s *Store) Put(ctx context.Context, name string, data []byte) error { // want Put:`reaches\(\(\*retrying.Store\).run, up to 5 attempts\)`
	return s.run(func() error {
		return s.Store.Put(ctx, name, data)
	})
}

// Size goes through notRun, whose variable holds something else than its
// operation: notRun is no runner, and Size's literal is no attempt.
func (s *Store) Size(ctx context.Context, name string) (int64, error) { // want Size:`reaches\(\(\*retrying.Store\).notRun -> retrying.attempts, up to 5 attempts\)`
	var n int64
	err := s.notRun(func() error {
		var err error
		n, err = s.Store.Size(ctx, name)
		return err
	})
	return n, err
}

func (s *Store) run(op func() error) error {
	counted := op
	if s.OnRetry != nil {
		counted = func() error {
			err := op()
			if err != nil {
				s.OnRetry(err)
			}
			return err
		}
	}
	return attempts(counted)
}

func (s *Store) notRun(op func() error) error {
	logged := s.log
	if err := op(); err != nil {
		return err
	}
	return attempts(logged)
}

func attempts(op func() error) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second << attempt)
	}
	return err
}
