// Package funcvalue hands function values, not literals, to retry runners
// (its own, and a library's): the layers are counted through them.
package funcvalue

import (
	"errors"
	"time"

	"github.com/cenkalti/backoff/v4"
)

var errBusy = errors.New("busy")

// withRetries is a runner: it re-runs fn up to 3 times.
func withRetries(fn func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// forward hands its own parameter to the runner.
func forward(op func() error) error {
	return withRetries(op)
}

// viaLibrary hands its parameter to a retry library.
func viaLibrary(op func() error) error {
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

func send() error { return errBusy }

func caller() error {
	var err error
	for i := 0; i < 2; i++ {
		if err = forward(send); err == nil { // want `retry loop of up to 2 attempts calls forward, which makes up to 3 attempts: up to 6 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func libraryCaller() error {
	var err error
	for i := 0; i < 2; i++ {
		if err = viaLibrary(send); err == nil { // want `retry loop of up to 2 attempts calls viaLibrary, which makes up to 4 attempts: up to 8 calls in all`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
