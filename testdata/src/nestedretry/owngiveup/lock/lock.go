// Package lock reduces restic's repository lock: a lock taken again while
// another process holds it, over a check that retries unreadable lock files
// but gives a conflict up at once.
package lock

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// LockedError says that another process holds the lock.
type LockedError struct{ Holder string }

func (e *LockedError) Error() string { return "locked by " + e.Holder }

// IsLocked reports whether err says the lock is held.
func IsLocked(err error) bool {
	var e *LockedError
	return errors.As(err, &e)
}

var errBusy = errors.New("busy")

func isBusy(err error) bool { return errors.Is(err, errBusy) }

// Store holds the lock files.
type Store struct {
	HTTP *http.Client
	URL  string
}

// list reads the lock files; it fails with a *LockedError when one is held.
func (s *Store) list(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL, nil)
	if err != nil {
		return err
	}
	resp, err := s.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusConflict:
		return &LockedError{Holder: resp.Header.Get("Holder")}
	case http.StatusLocked:
		return errBusy
	}
	return nil
}

// check retries an unreadable listing up to 4 times; a conflict is
// permanent.
func (s *Store) check(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		err = s.list(ctx)
		if err == nil {
			return nil
		}
		if _, ok := err.(*LockedError); ok {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// Acquire checks for other locks: its retries give a conflict up at once,
// which the fact says.
func (s *Store) Acquire(ctx context.Context) error { // want Acquire:`reaches\(\(\*lock.Store\).check, up to 4 attempts, gives up on nestedretry/owngiveup/lock.LockedError\)`
	return s.check(ctx)
}

// Lock waits while another process holds the lock: it goes around only on
// the conflict the check gives up on, so no failure is repeated by both.
func (s *Store) Lock(ctx context.Context) error { // want Lock:`reaches\(retries, up to 10 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.check(ctx)
		if err != nil && IsLocked(err) {
			time.Sleep(5 * time.Second)
			continue
		}
		return err
	}
	return errors.New("still locked")
}

// LockAny goes around on every failure, the ones check retries too.
func (s *Store) LockAny(ctx context.Context) error { // want LockAny:`reaches\(\(\*lock.Store\).check, up to 40 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.check(ctx) // want `retry loop of up to 10 attempts calls \(\*Store\).check, which makes up to 4 attempts: up to 40 calls in all; let one layer own the retries`
		if err == nil {
			return nil
		}
		time.Sleep(5 * time.Second)
	}
	return errors.New("still locked")
}

// checkBusy retries a busy store as well as an unreadable one.
func (s *Store) checkBusy(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = s.list(ctx); err == nil || IsLocked(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// LockBusy waits out a busy store, which checkBusy retries itself.
func (s *Store) LockBusy(ctx context.Context) error { // want LockBusy:`reaches\(\(\*lock.Store\).checkBusy, up to 40 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.checkBusy(ctx) // want `retry loop of up to 10 attempts calls \(\*Store\).checkBusy, which makes up to 4 attempts: up to 40 calls in all; let one layer own the retries`
		if err != nil && isBusy(err) {
			time.Sleep(5 * time.Second)
			continue
		}
		return err
	}
	return errors.New("still busy")
}

// checkConflict gives a busy store up at once (a sentinel compared in place).
func (s *Store) checkConflict(ctx context.Context) error {
	var err error
	for i := 0; i < 4; i++ {
		err = s.list(ctx)
		if err == nil || err == errBusy {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// LockConflict waits out a busy store, which checkConflict gives up on.
func (s *Store) LockConflict(ctx context.Context) error { // want LockConflict:`reaches\(retries, up to 10 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.checkConflict(ctx)
		if err != nil && isBusy(err) {
			time.Sleep(5 * time.Second)
			continue
		}
		return err
	}
	return errors.New("still busy")
}

// LockLocked goes around on a conflict, which checkConflict retries.
func (s *Store) LockLocked(ctx context.Context) error { // want LockLocked:`reaches\(\(\*lock.Store\).checkConflict, up to 40 attempts\)`
	for i := 0; i < 10; i++ {
		err := s.checkConflict(ctx) // want `retry loop of up to 10 attempts calls \(\*Store\).checkConflict, which makes up to 4 attempts: up to 40 calls in all; let one layer own the retries`
		if err != nil && IsLocked(err) {
			time.Sleep(5 * time.Second)
			continue
		}
		return err
	}
	return errors.New("still locked")
}
