package held

import (
	"context"
	"errors"
	"io"
	"net"
)

// The operation's type is a named function type, as in loki's congestion
// controller: a call of a parameter of that type is a call of the
// operation, like one of a func(...) parameter.

type DoRequestFunc func(attempt int) (io.ReadCloser, int64, error)

type IsRetryableErrFunc func(err error) bool

// Congestion is implemented by a runner and by a function that calls once.
type Congestion interface {
	Do(fn DoRequestFunc, isRetryable IsRetryableErrFunc) (io.ReadCloser, int64, error)
}

var ErrRetriesExceeded = errors.New("retries exceeded")

type limitedRetrier struct{ limit int }

func (l *limitedRetrier) Do(fn DoRequestFunc, isRetryable IsRetryableErrFunc) (io.ReadCloser, int64, error) {
	for i := 0; i <= l.limit; i++ { // want `retry loop, an unknown number of attempts, no wait`
		rc, n, err := fn(i)
		if err != nil {
			if !isRetryable(err) {
				return rc, n, err
			}
			continue
		}
		return rc, n, nil
	}
	return nil, 0, ErrRetriesExceeded
}

type noopRetrier struct{}

func (noopRetrier) Do(fn DoRequestFunc, _ IsRetryableErrFunc) (io.ReadCloser, int64, error) {
	return fn(0)
}

var (
	_ Congestion = (*limitedRetrier)(nil)
	_ Congestion = noopRetrier{}
)

type controller struct {
	retrier Congestion
	addr    string
}

func (c *controller) get(ctx context.Context) (io.ReadCloser, int64, error) {
	return c.retrier.Do(func(int) (io.ReadCloser, int64, error) { // want `retry call, an unknown number of attempts, no wait, runner Do`
		conn, err := net.Dial("tcp", c.addr)
		return conn, 0, err
	}, func(error) bool { return true })
}

// Visitor is called once per item: a loop that stops at the first failure
// is a walk, not a retry.
type Visitor func(i int) error

func each(n int, visit Visitor) error {
	for i := 0; i < n; i++ {
		if err := visit(i); err != nil {
			return err
		}
	}
	return nil
}

// WalkFunc is asked about each error of a chain, as rclone's lib/errors
// asks it.
type WalkFunc func(err error) bool

// walk moves along the chain: each round asks about another error, so the
// loop walks; it does not retry.
func walk(err error, f WalkFunc) {
	for err != nil {
		if f(err) {
			return
		}
		err = errors.Unwrap(err)
	}
}
