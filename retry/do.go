package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// DefaultMaxAttempts is the number of attempts a [Policy] allows when its
// MaxAttempts is zero: the first call and two retries.
const DefaultMaxAttempts = 3

// MinAttemptTime is the least time that must be left before the context's
// deadline, once the wait is over, for [Do] to start a retry when its Policy
// has no AttemptTimeout; with one, the least is a quarter of AttemptTimeout.
// An attempt with less time than that is all but sure to time out: it adds
// load to a dependency that is failing and cannot help the caller.
const MinAttemptTime = 10 * time.Millisecond

// A Policy says how [Do] retries. The zero Policy is useful: up to
// [DefaultMaxAttempts] attempts, the zero [Backoff] between them (full
// jitter from [DefaultBase], capped at [DefaultCap]), no timeout per attempt
// beyond the context's deadline, no budget.
type Policy struct {
	// MaxAttempts is the largest number of attempts, counting the first call:
	// 1 means no retry. Zero means DefaultMaxAttempts; a negative value means
	// no limit, so that only the context, a permanent error or the budget ends
	// the call.
	MaxAttempts int

	// AttemptTimeout bounds each attempt. Each attempt gets the smaller of
	// AttemptTimeout and the time left before the context's deadline, so a
	// slow attempt cannot eat the time the retries need, and no attempt runs
	// past the deadline. Zero or less means no bound beyond the context's
	// deadline. A retry starts only if, after its wait, a quarter of
	// AttemptTimeout is left before the deadline ([MinAttemptTime] without
	// an AttemptTimeout). [Transport] applies it to the wait for a
	// response's headers, never to the reading of the body it returns.
	AttemptTimeout time.Duration

	// Backoff computes the wait before each retry. Its zero value is full
	// jitter from DefaultBase, capped at DefaultCap. Its Cap is also the
	// longest Retry-After that Do honours: a longer one ends the retries.
	Backoff Backoff

	// Budget, if not nil, is a retry budget shared with other calls: Do
	// records one request in it and spends one token per retry. Nested Do
	// calls that share a Budget record one logical request in it once.
	// See [Budget].
	Budget *Budget

	// OnAttempt, if not nil, is called after every attempt, in order, on the
	// goroutine that called Do. It is where to log and count attempts as the
	// children of one logical request.
	OnAttempt func(Attempt)

	// RetryNested lets Do retry even when it runs inside another Do on the
	// same context. By default such an inner Do makes a single attempt,
	// because the outer one owns the retries: retries at two layers multiply
	// (three layers of four attempts make 64 calls). Set RetryNested only
	// when the layers retry different things. A Do owns the retries of what
	// runs inside it only while it runs, and only if it may retry itself: a
	// Do with MaxAttempts 1 leaves them to the Do inside it.
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
	ReasonSuccess    Reason = iota // the attempt succeeded
	ReasonRetry                    // a retry follows
	ReasonPermanent                // the error is permanent: a retry would fail the same way
	ReasonAttempts                 // MaxAttempts attempts were made
	ReasonNested                   // an outer Do owns the retries
	ReasonDeadline                 // the deadline passed, or would leave no time for an attempt after the next wait
	ReasonBudget                   // the retry budget is spent
	ReasonCanceled                 // the context was canceled
	ReasonRetryAfter               // the server asked for a wait longer than the backoff's Cap
)

var reasonText = [...]string{
	ReasonSuccess:    "succeeded",
	ReasonRetry:      "retrying",
	ReasonPermanent:  "permanent error",
	ReasonAttempts:   "out of attempts",
	ReasonNested:     "an outer retry owns the retries",
	ReasonDeadline:   "no time left before the deadline",
	ReasonBudget:     "retry budget spent",
	ReasonCanceled:   "canceled",
	ReasonRetryAfter: "asked to wait longer than the backoff's cap",
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
// Do honours it only up to the Cap of the policy's [Backoff] (DefaultCap
// when zero) and only if the wait still ends before the context's deadline;
// otherwise it stops at once, with ReasonRetryAfter or ReasonDeadline: a
// server that asks for more than the policy would ever wait (a
// Retry-After of 99999999 seconds is three years) is saying no, and waiting
// past the deadline helps nobody. RetryAfter(nil, d) is nil.
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

// Do calls op until it succeeds or the policy says to stop, and returns nil
// or an [*Error] that wraps op's last error.
//
// Each attempt gets a context derived from ctx that ends after the attempt
// timeout or at ctx's deadline, whichever comes first, and in any case when
// op returns: read what the attempt returns (a response body) inside op.
// Between attempts Do waits the policy's backoff, or longer if op's error
// asks for it with [RetryAfter]. Do stops without waiting when: op
// succeeds; op's error is [Permanent]; MaxAttempts attempts were made; after
// the wait, less than the least time for an attempt would be left before
// ctx's deadline (see [MinAttemptTime]); op asked for a wait longer than the
// backoff's Cap; the budget refuses the retry; ctx ends; or Do runs inside
// another Do on the same context that owns the retries and RetryNested is
// false, in which case it makes a single attempt and leaves the retries to
// the outer Do.
//
// When ctx ends during a wait, Do returns at once. When it ends during an
// attempt, Do returns as soon as op returns, without another attempt: op's
// context ends with ctx, and op must return when it does. Do does not
// abandon an op that ignores its context, since that would leave op's
// goroutine running behind it; it waits for op. Do leaves no goroutine or
// timer behind.
func Do(ctx context.Context, p Policy, op func(ctx context.Context) error) error {
	return p.run(ctx, func(ctx context.Context) error {
		if p.AttemptTimeout > 0 {
			clk := p.clk()
			actx, cancel := clk.withDeadline(ctx, clk.now().Add(p.AttemptTimeout))
			defer cancel()
			ctx = actx
		}
		return op(ctx)
	}, nil)
}

// DoValue is like [Do] for an operation that returns a value. It returns the
// value of the attempt that succeeded, or the zero value and an [*Error].
func DoValue[T any](ctx context.Context, p Policy, op func(ctx context.Context) (T, error)) (T, error) {
	var v T
	err := Do(ctx, p, func(ctx context.Context) error {
		r, err := op(ctx)
		if err == nil {
			v = r
		}
		return err
	})
	return v, err
}

// A call is what a running Do keeps in the contexts it hands to its
// attempts: whether it owns the retries of the Do calls inside it, and,
// for the logical request it belongs to, which budgets were credited.
type call struct {
	context.Context
	outer *call       // the innermost enclosing Do, if any
	root  *call       // the outermost Do of the logical request, which keeps the credits
	owns  bool        // this Do may retry, so the Do calls inside it must not
	done  atomic.Bool // this Do has returned: it owns nothing any more

	mu       sync.Mutex // guards credited, on the root
	credited []*Budget  // the budgets that counted this logical request
}

// callKey is the context key under which a call finds itself.
type callKey struct{}

func (c *call) Value(key any) any {
	if key == (callKey{}) {
		return c
	}
	return c.Context.Value(key)
}

// begin starts the call of a Do on ctx that may make maxAttempts attempts.
// It reports whether an enclosing Do that is still running owns the
// retries, and credits the policy's budget once per logical request.
//
// A context keeps its values after the Do that made it returns (work
// started with context.WithoutCancel inside an attempt outlives it), which
// is why ownership is a flag that the owner clears when it returns, not the
// mere presence of a value. A Do whose enclosing calls have all returned
// starts a new logical request.
func begin(ctx context.Context, p *Policy, maxAttempts int) (*call, bool) {
	outer, _ := ctx.Value(callKey{}).(*call)
	owned := false
	for o := outer; o != nil && !owned; o = o.outer {
		owned = o.owns && !o.done.Load()
	}
	nested := owned && !p.RetryNested
	c := &call{Context: ctx, outer: outer, owns: maxAttempts != 1 && !nested}
	c.root = c
	if outer != nil && !outer.root.done.Load() {
		c.root = outer.root
	}
	if b := p.Budget; b != nil {
		r := c.root
		r.mu.Lock()
		first := !slices.Contains(r.credited, b)
		if first {
			r.credited = append(r.credited, b)
		}
		r.mu.Unlock()
		if first {
			b.OnRequest()
		}
	}
	return c, nested
}

// run is the retry loop. attempt makes one attempt on the context it is
// given; discard, if not nil, releases what the failed attempt holds (the
// Transport's response) and is called before each wait, outside any
// attempt, so that nothing it does counts as one.
func (p *Policy) run(ctx context.Context, attempt func(context.Context) error, discard func()) error {
	clk := p.clk()
	maxAttempts := p.MaxAttempts
	if maxAttempts == 0 {
		maxAttempts = DefaultMaxAttempts
	}
	c, nested := begin(ctx, p, maxAttempts)
	defer c.done.Store(true)
	ctx = c
	deadline, hasDeadline := ctx.Deadline()
	least := MinAttemptTime // the least time an attempt needs
	if p.AttemptTimeout > 0 {
		least = max(1, p.AttemptTimeout/4)
	}

	var lastErr error
	var prev time.Duration
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return &Error{Attempts: n - 1, Reason: contextReason(err), Err: lastErr, ctxErr: err}
		}
		now := clk.now()
		timeout := max(0, p.AttemptTimeout)
		if hasDeadline {
			left := deadline.Sub(now)
			if left <= 0 {
				return &Error{Attempts: n - 1, Reason: ReasonDeadline, Err: lastErr, ctxErr: context.DeadlineExceeded}
			}
			if timeout == 0 || left < timeout {
				timeout = left
			}
		}
		err := attempt(ctx)
		lastErr = err

		a := Attempt{Number: n, Err: err, Timeout: timeout}
		now = clk.now()
		if hasDeadline {
			a.Left = max(0, deadline.Sub(now))
		}
		a.Reason, a.Delay = p.next(ctx, err, n, maxAttempts, nested, prev)
		if a.Reason == ReasonRetry && hasDeadline && deadline.Sub(now.Add(a.Delay)) < least {
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
		if discard != nil {
			discard()
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
func (p *Policy) next(ctx context.Context, err error, n, maxAttempts int, nested bool, prev time.Duration) (Reason, time.Duration) {
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
	d := p.Backoff.Delay(n, prev, p.rand)
	var ra *retryAfterError
	if errors.As(err, &ra) && ra.d > d {
		if ra.d > p.Backoff.longest() {
			return ReasonRetryAfter, 0
		}
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
	// afterFunc calls f in its own goroutine after d, unless stop is
	// called first; stop reports whether it stopped the call.
	afterFunc(d time.Duration, f func()) (stop func() bool)
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

func (realClock) afterFunc(d time.Duration, f func()) func() bool {
	return time.AfterFunc(d, f).Stop
}
