package runners

import (
	"errors"
	"net"
)

// Retrier runs an operation with the retries the configuration asks for:
// one implementation retries it, the other calls it once. A call of Do can
// be a retry.
type Retrier interface {
	Do(op func() error) error // want Do:`runner\(op 0, an unknown number of attempts, waits unknown\)`
}

// Limited retries up to its configured limit.
type Limited struct{ limit int }

func (l *Limited) Do(op func() error) error { // want Do:`runner\(op 0, an unknown number of attempts, waits unknown\)` Do:`retries\(an unknown number of attempts\)` Do:`reach\(local, calls param 0\)`
	var err error
	for i := 0; i <= l.limit; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// Single calls the operation once.
type Single struct{}

func (Single) Do(op func() error) error { return op() } // want Do:`reach\(local, calls param 0\)`

// Executor runs an operation; none of its implementations retries, so a
// call of Run is no retry.
type Executor interface {
	Run(op func() error) error
}

type inline struct{}

func (inline) Run(op func() error) error { return op() } // want Run:`reach\(local, calls param 0\)`

// Counting keeps its own count of attempts, set by an option (buildkite's
// roko: r.MarkAttempt(), then if r.ShouldGiveUp() { return err }): the loop
// shows no bound, but one may hold.
type Counting struct{ attempts, max int }

func (c *Counting) MarkAttempt()       { c.attempts++ }
func (c *Counting) ShouldGiveUp() bool { return c.attempts >= c.max }

func (c *Counting) Do(op func() error) error { // want Do:`runner\(op 0, an unknown number of attempts, waits unknown\)` Do:`retries\(an unknown number of attempts\)` Do:`reach\(local, calls param 0\)`
	for {
		err := op()
		if err == nil {
			return nil
		}
		c.MarkAttempt()
		if c.ShouldGiveUp() {
			return err
		}
	}
}

// Judging leaves when a method judges the error permanent: that is no
// count, and nothing else ends the loop.
type Judging struct{ permanent error }

func (j *Judging) isPermanent(err error) bool { return err == j.permanent }

func (j *Judging) Do(op func() error) error { // want Do:`runner\(op 0, unbounded attempts, waits unknown\)` Do:`retries\(unbounded attempts\)` Do:`reach\(local, calls param 0\)`
	for {
		err := op()
		if err == nil {
			return nil
		}
		if j.isPermanent(err) {
			return err
		}
	}
}

// RetryTimeouts leaves when the error is no timeout: a method of the
// standard library's that keeps no count, so the loop is unbounded.
func RetryTimeouts(op func() error) error { // want RetryTimeouts:`runner\(op 0, unbounded attempts, waits unknown\)` RetryTimeouts:`retries\(unbounded attempts\)` RetryTimeouts:`reach\(local, calls param 0\)`
	for {
		err := op()
		if err == nil {
			return nil
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			return err
		}
	}
}

// codedError is an error with a code of its own.
type codedError struct{ code int }

func (e *codedError) Error() string { return "coded" } // want Error:`reach\(may reach\)`
func (e *codedError) Code() int     { return e.code }

// RetryUnavailable leaves when the error's own code says so: a method of
// the error, made in the loop, keeps no count.
func RetryUnavailable(op func() error) error { // want RetryUnavailable:`runner\(op 0, unbounded attempts, waits unknown\)` RetryUnavailable:`retries\(unbounded attempts\)` RetryUnavailable:`reach\(local, calls param 0\)`
	for {
		err := op()
		if err == nil {
			return nil
		}
		var ce *codedError
		if !errors.As(err, &ce) || ce.Code() != 503 {
			return err
		}
	}
}

// Closing leaves when it is closed: the loop asks it but tells it nothing
// of its attempts, so it keeps no count of them.
type Closing struct{ closed bool }

func (c *Closing) isClosed() bool { return c.closed }

func (c *Closing) Do(op func() error) error { // want Do:`runner\(op 0, unbounded attempts, waits unknown\)` Do:`retries\(unbounded attempts\)` Do:`reach\(local, calls param 0\)`
	for {
		if c.isClosed() {
			return errors.New("closed")
		}
		if err := op(); err == nil {
			return nil
		}
	}
}
