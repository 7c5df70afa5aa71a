// Package pacer is a service's own pacer, in the shape repositories write
// them: how it invokes the operation is kept in a function-typed field (or
// variable), set where the pacer is made, so the loop calls the operation
// only through it.
package pacer

import (
	"errors"
	"time"
)

var errGiveUp = errors.New("give up")

// Paced is an operation the pacer runs.
type Paced func() error

// invoke runs the operation once.
func invoke(try int, f Paced) error { return f() }

// Pacer retries an operation up to 5 times.
type Pacer struct {
	sleep   time.Duration
	invoker func(try int, f Paced) error
}

// New makes a pacer that invokes the operation itself.
func New() *Pacer {
	return &Pacer{sleep: 10 * time.Millisecond, invoker: invoke}
}

// Call runs fn through the invoker until it succeeds.
func (p *Pacer) Call(fn Paced) error { // want Call:`reaches\(retries, up to 5 attempts\)`
	var err error
	for try := 0; try < 5; try++ {
		if err = p.invoker(try, fn); err == nil {
			return nil
		}
		time.Sleep(p.sleep)
	}
	return err
}

// once is a package variable holding how Quick runs its operation.
var once = func(f Paced) error { return f() }

// Quick runs fn up to 3 times through a variable.
func Quick(fn Paced) error { // want Quick:`reaches\(retries, up to 3 attempts\)`
	var err error
	for i := 0; i < 3; i++ {
		if err = once(fn); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

// Loose takes its invoker from the caller: what it does is out of sight,
// so Loose is no runner the analysis can name.
type Loose struct{ invoker func(try int, f Paced) error }

// NewLoose makes a pacer with the caller's invoker.
func NewLoose(f func(try int, f Paced) error) *Loose { return &Loose{invoker: f} }

// Call runs fn through the caller's invoker.
func (l *Loose) Call(fn Paced) error { // want Call:`reaches\(retries, up to 5 attempts\)`
	var err error
	for try := 0; try < 5; try++ {
		if err = l.invoker(try, fn); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

// Logged's invoker only logs: it never runs the operation.
type Logged struct{ invoker func(try int, f Paced) error }

func skip(try int, f Paced) error { return errGiveUp }

// NewLogged makes a pacer whose invoker does not run the operation.
func NewLogged() *Logged { return &Logged{invoker: skip} }

// Call calls the invoker, not the operation.
func (l *Logged) Call(fn Paced) error { // want Call:`reaches\(retries, up to 5 attempts\)`
	var err error
	for try := 0; try < 5; try++ {
		if err = l.invoker(try, fn); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

// Counted is rclone's pacer: its invoker may come from the caller, so it is
// no runner, and its loop goes round as many times as call is told; how
// many is known where a call passes a constant.
type Counted struct {
	retries int
	invoker func(try int, f Paced) error
}

// NewCounted makes a pacer with the caller's retry count and invoker.
func NewCounted(retries int, f func(try int, f Paced) error) *Counted {
	return &Counted{retries: retries, invoker: f}
}

func (c *Counted) call(fn Paced, retries int) error {
	var err error
	for try := 1; try <= retries; try++ {
		if err = c.invoker(try, fn); err == nil {
			return nil
		}
		time.Sleep(time.Millisecond)
	}
	return err
}

// Call makes as many attempts as the pacer was set to: a count out of sight.
func (c *Counted) Call(fn Paced) error { return c.call(fn, c.retries) } // want Call:`reaches\(\(\*pacer.Counted\).call, an unknown number of attempts\)`

// CallNoRetry makes one attempt: it retries nothing, and has no fact.
func (c *Counted) CallNoRetry(fn Paced) error { return c.call(fn, 1) }

// CallTimes makes n attempts: its callers' constants count.
func (c *Counted) CallTimes(fn Paced, n int) error { return c.call(fn, n) } // want CallTimes:`reaches\(\(\*pacer.Counted\).call, an unknown number of attempts, counted by param 1\)`

// CallThrice makes 3 attempts, through CallTimes.
func (c *Counted) CallThrice(fn Paced) error { return c.CallTimes(fn, 3) } // want CallThrice:`reaches\(\(\*pacer.Counted\).CallTimes -> \(\*pacer.Counted\).call, up to 3 attempts\)`
