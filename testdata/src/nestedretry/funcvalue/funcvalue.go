// Package funcvalue hands a function value, not a literal, to a retry runner
// of its own: the runner call's attempt has no body in this package, which
// the analyzer must walk past without a crash.
package funcvalue

import (
	"errors"
	"time"
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

func send() error { return errBusy }

func caller() error {
	var err error
	for i := 0; i < 2; i++ {
		if err = forward(send); err == nil { // want `retry loop of up to 2 attempts calls forward, which makes up to 3 attempts: up to 6 calls per request`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
