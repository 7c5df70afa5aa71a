package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"strconv"
	"time"
)

// DefaultMaxAttempts is the number of attempts a [Policy] allows when its
// MaxAttempts is zero: the first call and two retries.
const DefaultMaxAttempts = 3

// A Policy says how [Do] retries. The zero Policy is useful: up to
// [DefaultMaxAttempts] attempts, [DefaultBackoff] between them, no timeout
// per attempt beyond the context's deadline, no budget.
type Policy struct {
	// MaxAttempts is the largest number of attempts, counting the first call:
	// 1 means no retry. Zero means DefaultMaxAttempts; a negative value means
	// no limit, so that only the context, a permanent error or the budget ends
	// the call.
	MaxAttempts int

	// AttemptTimeout bounds each attempt. Each attempt gets the smaller of
	// AttemptTimeout and the time left before the context's deadline, so a
	// slow attempt cannot eat the time the retries need, and no attempt runs
	// past the deadline. Zero or less means no bound beyond the context's deadline.
	AttemptTimeout time.Duration

	// Backoff computes the wait before each retry. The zero Backoff means
	// DefaultBackoff.
	Backoff Backoff

	// Budget, if not nil, is a retry budget shared with other calls: Do
	// records one request in it and spends one token per retry. See [Budget].
	Budget *Budget

	// OnAttempt, if not nil, is called after every attempt, in order, on the
	// goroutine that called Do. It is where to log and count attempts as the
	// children of one logical request.
	OnAttempt func(Attempt)

	// RetryNested lets Do retry even when it runs inside another Do on the
	// same context. By default such an inner Do makes a single attempt,
	// because the outer one owns the retries: retries at two layers multiply
	// (three layers of four attempts make 64 calls). Set RetryNested only
	// when the layers retry different things.
	RetryNested bool

	clock clock      // nil means the real clock; tests inject a fake
	rand  *rand.Rand // nil means the default source; tests inject a seeded one
}

// An Attempt describes one attempt to the [Policy.OnAttempt] hook.
type Attempt struct {
	Number int    // 1 for the first call
	Err    error  // what the attempt returned; nil if it succeeded
	Reason Reason // ReasonRetry if a retry follows, otherwise why Do stops

	// Delay is the wait before the next attempt when Reason is ReasonRetry.
	Delay time.Duration

	// Timeout is the time the attempt was given: the smaller of
	// AttemptTimeout and the time left before the deadline; 0 if neither
	// bounded it.
	Timeout time.Duration

	// Left is the time left before the context's deadline when the attempt
	// ended; 0 if the context has no deadline or it has passed.
	Left time.Duration
}

// A Reason says what [Do] does after an attempt.
type Reason int

const (
	ReasonSuccess   Reason = iota // the attempt succeeded
	ReasonRetry                   // a retry follows
	ReasonPermanent               // the error is permanent: a retry would fail the same way
	ReasonAttempts                // MaxAttempts attempts were made
	ReasonNested                  // an outer Do owns the retries
	ReasonDeadline                // the deadline passed, or the next wait would end past it
	ReasonBudget                  // the retry budget is spent
	ReasonCanceled                // the context was canceled
)

var reasonText = [...]string{
	ReasonSuccess:   "succeeded",
	ReasonRetry:     "retrying",
	ReasonPermanent: "permanent error",
	ReasonAttempts:  "out of attempts",
	ReasonNested:    "an outer retry owns the retries",
	ReasonDeadline:  "no time left before the deadline",
	ReasonBudget:    "retry budget spent",
	ReasonCanceled:  "canceled",
}

func (r Reason) String() string {
	if r >= 0 && int(r) < len(reasonText) {
		return reasonText[r]
	}
	return "Reason(" + strconv.Itoa(int(r)) + ")"
}

// An Error is what [Do] returns when it gives up: how many attempts were
// made, why it stopped, and the last attempt's error, which it wraps.
type Error struct {
	Attempts int    // attempts made, counting the first call
	Reason   Reason // why Do stopped
	Err      error  // the last attempt's error; nil if no attempt was made
	ctxErr   error  // the context's error, when the context ended the call
}

func (e *Error) Error() string {
	s := "retry: " + strconv.Itoa(e.Attempts) + " attempt"
	if e.Attempts != 1 {
		s += "s"
	}
	s += ", " + e.Reason.String()
	if e.Err != nil {
		s += ": " + e.Err.Error()
	} else if e.ctxErr != nil {
		s += ": " + e.ctxErr.Error()
	}
	return s
}

// Unwrap returns the last attempt's error and, when the context ended the
// call, the context's error, so that errors.Is(err, context.Canceled) holds
// after a cancellation during a wait.
func (e *Error) Unwrap() []error {
	errs := make([]error, 0, 2)
	if e.Err != nil {
		errs = append(errs, e.Err)
	}
	if e.ctxErr != nil {
		errs = append(errs, e.ctxErr)
	}
	return errs
}

// Permanent marks err as permanent: [Do] does not retry it. Use it for errors
// that another attempt cannot change, such as a rejected argument or a
// failed authorisation; retrying them only adds load. Permanent(nil) is nil.
// The result wraps err.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err}
}

type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// RetryAfter returns an error that wraps err and asks [Do] to wait at least
// d before the next attempt, as a server does with a Retry-After header.
// Do honours it only if the wait still ends before the context's deadline,
// and stops otherwise: waiting past the deadline helps nobody.
// RetryAfter(nil, d) is nil.
func RetryAfter(err error, d time.Duration) error {
	if err == nil {
		return nil
	}
	return &retryAfterError{err, d}
}

type retryAfterError struct {
	err error
	d   time.Duration
}

func (e *retryAfterError) Error() string { return e.err.Error() }
func (e *retryAfterError) Unwrap() error { return e.err }

// ownerKey marks a context as running inside Do, which owns its retries.
type ownerKey struct{}

// Do calls op until it succeeds or the policy says to stop, and returns nil
// or an [*Error] that wraps op's last error.
//
// Each attempt gets a context derived from ctx that ends after the attempt
// timeout or at ctx's deadline, whichever comes first. Between attempts Do
// waits the policy's backoff, or longer if op's error asks for it with
// [RetryAfter]. Do stops without waiting when: op succeeds; op's error is
// [Permanent]; MaxAttempts attempts were made; the wait would end past ctx's
// deadline; the budget refuses the retry; ctx ends; or Do runs inside another
// Do on the same context and RetryNested is false, in which case it makes a
// single attempt and leaves the retries to the outer Do.
//
// Do returns as soon as ctx ends, and leaves no goroutine or timer behind.
func Do(ctx context.Context, p Policy, op func(ctx context.Context) error) error {
	return p.run(ctx, func(ctx context.Context, cancel context.CancelFunc) error {
		defer cancel()
		return op(ctx)
	})
}

// DoValue is like [Do] for an operation that returns a value. It returns the
// value of the attempt that succeeded, or the zero value and an [*Error].
func DoValue[T any](ctx context.Context, p Policy, op func(ctx context.Context) (T, error)) (T, error) {
	var v T
	err := p.run(ctx, func(ctx context.Context, cancel context.CancelFunc) error {
		defer cancel()
		r, err := op(ctx)
		if err == nil {
			v = r
		}
		return err
	})
	return v, err
}

// run is the retry loop. op owns the attempt's cancel func: it must call it,
// but may do so after it returns (the transport keeps a response's context
// alive until its body is closed).
func (p *Policy) run(ctx context.Context, op func(context.Context, context.CancelFunc) error) error {
	clk := p.clk()
	maxAttempts := p.MaxAttempts
	if maxAttempts == 0 {
		maxAttempts = DefaultMaxAttempts
	}
	backoff := p.Backoff
	if backoff == (Backoff{}) {
		backoff = DefaultBackoff
	}
	nested := ctx.Value(ownerKey{}) != nil
	if !nested {
		ctx = context.WithValue(ctx, ownerKey{}, ownerKey{})
	}
	nested = nested && !p.RetryNested
	deadline, hasDeadline := ctx.Deadline()
	p.Budget.OnRequest()

	var lastErr error
	var prev time.Duration
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return &Error{Attempts: n - 1, Reason: contextReason(err), Err: lastErr, ctxErr: err}
		}
		now := clk.now()
		timeout := p.AttemptTimeout
		if hasDeadline {
			left := deadline.Sub(now)
			if left <= 0 {
				return &Error{Attempts: n - 1, Reason: ReasonDeadline, Err: lastErr, ctxErr: context.DeadlineExceeded}
			}
			if timeout <= 0 || left < timeout {
				timeout = left
			}
		}
		actx, cancel := ctx, context.CancelFunc(func() {})
		if p.AttemptTimeout > 0 {
			actx, cancel = clk.withDeadline(ctx, now.Add(p.AttemptTimeout))
		}
		err := op(actx, cancel)
		lastErr = err

		a := Attempt{Number: n, Err: err, Timeout: timeout}
		now = clk.now()
		if hasDeadline {
			a.Left = max(0, deadline.Sub(now))
		}
		a.Reason, a.Delay = p.next(ctx, err, n, maxAttempts, nested, backoff, prev)
		if a.Reason == ReasonRetry && hasDeadline && !now.Add(a.Delay).Before(deadline) {
			a.Reason, a.Delay = ReasonDeadline, 0
		}
		if a.Reason == ReasonRetry && !p.Budget.TryRetry() {
			a.Reason, a.Delay = ReasonBudget, 0
		}
		if p.OnAttempt != nil {
			p.OnAttempt(a)
		}
		switch a.Reason {
		case ReasonSuccess:
			return nil
		case ReasonRetry:
		default:
			e := &Error{Attempts: n, Reason: a.Reason, Err: err, ctxErr: ctx.Err()}
			if a.Reason == ReasonDeadline {
				e.ctxErr = context.DeadlineExceeded
			}
			return e
		}
		if err := clk.sleep(ctx, a.Delay); err != nil {
			return &Error{Attempts: n, Reason: contextReason(err), Err: lastErr, ctxErr: err}
		}
		prev = a.Delay
	}
}

func (p *Policy) clk() clock {
	if p.clock == nil {
		return realClock{}
	}
	return p.clock
}

// next decides what follows attempt n, which returned err, and the wait
// before the retry. The deadline and the budget are checked by the caller,
// the budget last, so that a token is spent only on a retry that happens.
func (p *Policy) next(ctx context.Context, err error, n, maxAttempts int, nested bool, b Backoff, prev time.Duration) (Reason, time.Duration) {
	var perm *permanentError
	switch {
	case err == nil:
		return ReasonSuccess, 0
	case ctx.Err() != nil:
		return contextReason(ctx.Err()), 0
	case errors.As(err, &perm):
		return ReasonPermanent, 0
	case nested:
		return ReasonNested, 0
	case maxAttempts > 0 && n >= maxAttempts:
		return ReasonAttempts, 0
	}
	d := b.Delay(n, prev, p.rand)
	var ra *retryAfterError
	if errors.As(err, &ra) && ra.d > d {
		d = ra.d
	}
	return ReasonRetry, d
}

func contextReason(err error) Reason {
	if errors.Is(err, context.DeadlineExceeded) {
		return ReasonDeadline
	}
	return ReasonCanceled
}

// A clock is the time source of the retry loop; tests replace the real one.
type clock interface {
	now() time.Time
	// sleep waits d, or until ctx ends, in which case it returns ctx.Err().
	sleep(ctx context.Context, d time.Duration) error
	// withDeadline is context.WithDeadline on this clock.
	withDeadline(ctx context.Context, t time.Time) (context.Context, context.CancelFunc)
}

type realClock struct{}

func (realClock) now() time.Time { return time.Now() }

func (realClock) sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (realClock) withDeadline(ctx context.Context, t time.Time) (context.Context, context.CancelFunc) {
	return context.WithDeadline(ctx, t)
}
