// Package absent holds loops around a call that answers "not found": one
// that goes round only on that answer waits for an object to show up (a
// poll for eventual consistency, whose callers do not fail together), one
// that goes round on the other errors retries the store.
package absent

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// ErrObjectNotFound is the store's answer for an object it does not hold.
var ErrObjectNotFound = errors.New("object not found")

var errGaveUp = errors.New("gave up")

type Store struct {
	c    *http.Client
	base string
}

func (s *Store) stat(ctx context.Context, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, s.base+"/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := s.c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusNotFound:
		return ErrObjectNotFound
	}
	return errors.New(resp.Status)
}

// --- left alone ---

// WaitUploaded reads an upload back until the store lists it; any other
// error ends the wait.
func (s *Store) WaitUploaded(ctx context.Context, name string) error {
	sleep := 100 * time.Millisecond
	for try := 1; try <= 10; try++ {
		err := s.stat(ctx, name)
		if err == nil {
			return nil
		}
		if err != ErrObjectNotFound {
			return err
		}
		time.Sleep(sleep)
		sleep *= 2
	}
	return ErrObjectNotFound
}

// TailLog reads a log that is still being written, waiting while a read
// finds nothing new (io.ErrNoProgress); any other error ends it.
func (s *Store) TailLog(ctx context.Context, name string, p []byte) (int, error) {
	for wait := 500 * time.Millisecond; ; wait = min(2*wait, 2*time.Second) {
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(wait):
			if n, err := s.read(ctx, name, p); !errors.Is(err, io.ErrNoProgress) {
				return n, err
			}
		}
	}
}

func (s *Store) read(ctx context.Context, name string, p []byte) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+"/"+name+"/log", nil)
	if err != nil {
		return 0, err
	}
	resp, err := s.c.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	n, err := resp.Body.Read(p)
	if n == 0 && err == nil {
		return 0, io.ErrNoProgress
	}
	return n, err
}

// --- reported ---

// StatRetry retries the store's failures and stops at "not found".
func (s *Store) StatRetry(ctx context.Context, name string) error {
	for try := 1; try <= 5; try++ {
		err := s.stat(ctx, name)
		if err == nil || errors.Is(err, ErrObjectNotFound) {
			return err
		}
		time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
	}
	return errGaveUp
}

// WaitAny goes round on every error, "not found" among them.
func (s *Store) WaitAny(ctx context.Context, name string) error {
	sleep := 100 * time.Millisecond
	for try := 1; try <= 10; try++ {
		if err := s.stat(ctx, name); err == nil {
			return nil
		}
		time.Sleep(sleep) // want `retry loop waits a deterministic duration \(sleep\)`
		sleep *= 2
	}
	return errGaveUp
}
