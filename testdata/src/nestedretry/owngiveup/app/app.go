// Package app waits for the lock of another package: the fact on Acquire
// says which error its retries give up on.
package app

import (
	"context"
	"errors"
	"time"

	"nestedretry/owngiveup/errs"
	"nestedretry/owngiveup/lock"
)

// Wait goes around only on the conflict Acquire's retries give up on.
func Wait(ctx context.Context, s *lock.Store) error { // want Wait:`reaches\(retries, up to 10 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.Acquire(ctx)
		var le *lock.LockedError
		if errors.As(err, &le) {
			time.Sleep(5 * time.Second)
			continue
		}
		return err
	}
	return errors.New("still locked")
}

// WaitAny goes around on every failure.
func WaitAny(ctx context.Context, s *lock.Store) error { // want WaitAny:`reaches\(\(\*lock.Store\).Acquire -> \(\*lock.Store\).check, up to 40 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.Acquire(ctx) // want `retry loop of up to 10 attempts calls \(\*lock.Store\).Acquire -> \(\*lock.Store\).check, which makes up to 4 attempts: up to 40 calls in all; let one layer own the retries`
		if err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("still locked")
}

// WaitWrapped tests the conflict through a wrapper of errors.As.
func WaitWrapped(ctx context.Context, s *lock.Store) error { // want WaitWrapped:`reaches\(retries, up to 10 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.Acquire(ctx)
		var le *lock.LockedError
		if err != nil && errs.As(err, &le) {
			time.Sleep(5 * time.Second)
			continue
		}
		return err
	}
	return errors.New("still locked")
}
