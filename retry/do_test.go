package retry

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

var errDown = errors.New("dependency down")

// do runs Do on the fake clock and fails the test if an attempt context was
// left uncanceled: with a real clock, that would be a live timer.
func do(t *testing.T, ctx context.Context, p Policy, clk *fakeClock, op func(context.Context) error) error {
	t.Helper()
	err := Do(ctx, withFakes(p, clk, 7), op)
	if n := clk.liveTimers(); n != 0 {
		t.Errorf("%d attempt timers left running after Do returned", n)
	}
	return err
}

// trace records the hook's view of each attempt: when it started, its
// timeout and the wait after it.
type trace struct {
	clk   *fakeClock
	lines []string
	start time.Duration
}

func (tr *trace) begin() { tr.start = tr.clk.since() }

func (tr *trace) hook(a Attempt) {
	line := fmt.Sprintf("attempt %d at t=%d timeout %d ms: %v", a.Number, tr.start.Milliseconds(), a.Timeout.Milliseconds(), a.Reason)
	if a.Reason == ReasonRetry {
		line += fmt.Sprintf(", then waited %d ms", a.Delay.Milliseconds())
	}
	tr.lines = append(tr.lines, line)
}

func (tr *trace) check(t *testing.T, want ...string) {
	t.Helper()
	if got := strings.Join(tr.lines, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("trace:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// TestDeadlineTrace replays one call under a 2,000 ms deadline, an 800 ms
// attempt timeout and up to 4 retries, with waits of 39 and 3 ms. Those waits
// are fixed draws, so here the callee asks for them with
// Retry-After over a 1ns backoff without jitter; what is under test is what
// Do does with them: the attempt that starts at 1,642 ms gets the 358 ms
// that are left. The Cap is a second because Do honours a Retry-After only
// up to the Cap.
func TestDeadlineTrace(t *testing.T) {
	waits := []time.Duration{39 * ms, 3 * ms}
	for _, tc := range []struct {
		name     string
		callee   func(n int) (time.Duration, error) // how long attempt n takes, and what it returns
		want     []string
		reason   Reason
		attempts int
		end      time.Duration
	}{{
		name: "slow twice then healthy",
		callee: func(n int) (time.Duration, error) {
			if n <= 2 {
				return 5000 * ms, nil
			}
			return 200 * ms, nil
		},
		want: []string{
			"attempt 1 at t=0 timeout 800 ms: retrying, then waited 39 ms",
			"attempt 2 at t=839 timeout 800 ms: retrying, then waited 3 ms",
			"attempt 3 at t=1642 timeout 358 ms: succeeded",
		},
		reason: ReasonSuccess, attempts: 3, end: 1842 * ms,
	}, {
		name:   "down",
		callee: func(int) (time.Duration, error) { return 5000 * ms, nil },
		want: []string{
			"attempt 1 at t=0 timeout 800 ms: retrying, then waited 39 ms",
			"attempt 2 at t=839 timeout 800 ms: retrying, then waited 3 ms",
			"attempt 3 at t=1642 timeout 358 ms: no time left before the deadline",
		},
		reason: ReasonDeadline, attempts: 3, end: 2000 * ms,
	}, {
		name:   "permanent error",
		callee: func(int) (time.Duration, error) { return 10 * ms, Permanent(errors.New("400 bad request")) },
		want:   []string{"attempt 1 at t=0 timeout 800 ms: permanent error"},
		reason: ReasonPermanent, attempts: 1, end: 10 * ms,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newFakeClock()
			tr := &trace{clk: clk}
			p := Policy{
				MaxAttempts:    5,
				AttemptTimeout: 800 * ms,
				Backoff:        Backoff{Base: 1, Cap: time.Second, Jitter: JitterNone},
				OnAttempt:      tr.hook,
			}
			n := 0
			err := do(t, fakeDeadline(2000*ms), p, clk, func(ctx context.Context) error {
				n++
				tr.begin()
				d, result := tc.callee(n)
				if err := clk.work(ctx, d, result); err != nil {
					if n <= len(waits) {
						return RetryAfter(err, waits[n-1])
					}
					return err
				}
				return nil
			})
			tr.check(t, tc.want...)
			checkOutcome(t, err, tc.reason, tc.attempts)
			if clk.since() != tc.end {
				t.Errorf("finished at %v, want %v", clk.since(), tc.end)
			}
		})
	}
}

func checkOutcome(t *testing.T, err error, reason Reason, attempts int) {
	t.Helper()
	if reason == ReasonSuccess {
		if err != nil {
			t.Fatalf("Do = %v, want success", err)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Do = %v, want an *Error", err)
	}
	if e.Reason != reason || e.Attempts != attempts {
		t.Errorf("Do stopped after %d attempts (%v), want %d (%v)", e.Attempts, e.Reason, attempts, reason)
	}
}

// TestDeadlineFullJitter runs the same policy with real full jitter on many
// seeds: every attempt gets min(800 ms, time left), no wait ends past the
// deadline, and the call never runs past it.
func TestDeadlineFullJitter(t *testing.T) {
	for seed := range uint64(50) {
		clk := newFakeClock()
		var starts []time.Duration
		p := withFakes(Policy{
			MaxAttempts:    5,
			AttemptTimeout: 800 * ms,
			Backoff:        Backoff{Base: 100 * ms, Cap: 1000 * ms, Jitter: JitterFull},
			OnAttempt: func(a Attempt) {
				start := starts[a.Number-1]
				if want := min(800*ms, 2000*ms-start); a.Timeout != want {
					t.Errorf("seed %d: attempt %d at %v got timeout %v, want %v", seed, a.Number, start, a.Timeout, want)
				}
				if a.Reason == ReasonRetry && clk.since()+a.Delay >= 2000*ms {
					t.Errorf("seed %d: wait of %v at %v ends past the deadline", seed, a.Delay, clk.since())
				}
			},
		}, clk, seed)
		Do(fakeDeadline(2000*ms), p, func(ctx context.Context) error {
			starts = append(starts, clk.since())
			return clk.work(ctx, 5000*ms, nil)
		})
		if clk.since() > 2000*ms {
			t.Errorf("seed %d: finished at %v, past the deadline", seed, clk.since())
		}
		if clk.liveTimers() != 0 {
			t.Errorf("seed %d: timers left running", seed)
		}
	}
}

// TestWaitPastDeadlineNotTaken: after an attempt at 600 ms, the next wait
// (1,200 ms) would end past the 1,000 ms deadline, so Do stops at once
// rather than sleep and then fail anyway. JitterNone is named because the
// zero Jitter is full jitter, whose draws would not give these figures.
func TestWaitPastDeadlineNotTaken(t *testing.T) {
	clk := newFakeClock()
	n := 0
	err := do(t, fakeDeadline(1000*ms), Policy{MaxAttempts: 10, Backoff: Backoff{Base: 600 * ms, Jitter: JitterNone}}, clk, func(context.Context) error {
		n++
		return errDown
	})
	checkOutcome(t, err, ReasonDeadline, 2)
	if fmt.Sprint(clk.sleeps) != "[600ms]" || clk.since() != 600*ms {
		t.Errorf("slept %v, finished at %v; want [600ms] and 600ms", clk.sleeps, clk.since())
	}
	if !errors.Is(err, errDown) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("%v does not wrap both the last error and context.DeadlineExceeded", err)
	}
}

func TestRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		name  string
		hint  time.Duration
		sleep string // what Do slept, or "" if it stopped
	}{
		{"longer than the backoff: honoured", 300 * ms, "[300ms]"},
		{"shorter than the backoff: the backoff wins", 10 * ms, "[100ms]"},
		{"past the deadline: stop", 5 * time.Second, "[]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newFakeClock()
			n := 0
			// JitterNone: the backoff's wait is the whole 100 ms, not a draw below it.
			err := do(t, fakeDeadline(2*time.Second), Policy{MaxAttempts: 2, Backoff: Backoff{Base: 100 * ms, Jitter: JitterNone}}, clk, func(context.Context) error {
				n++
				return RetryAfter(errDown, tc.hint)
			})
			if got := fmt.Sprint(clk.sleeps); got != tc.sleep {
				t.Errorf("slept %s, want %s", got, tc.sleep)
			}
			if tc.sleep == "[]" {
				checkOutcome(t, err, ReasonDeadline, 1)
			} else {
				checkOutcome(t, err, ReasonAttempts, 2)
			}
		})
	}
	if RetryAfter(nil, time.Second) != nil {
		t.Error("RetryAfter(nil, d) != nil")
	}
}

func TestPermanentMakesOneAttempt(t *testing.T) {
	bad := errors.New("invalid card number")
	n := 0
	err := do(t, context.Background(), Policy{MaxAttempts: 10}, newFakeClock(), func(context.Context) error {
		n++
		return fmt.Errorf("charge: %w", Permanent(bad))
	})
	checkOutcome(t, err, ReasonPermanent, 1)
	if n != 1 || !errors.Is(err, bad) {
		t.Errorf("%d attempts, error %v; want 1 attempt wrapping %v", n, err, bad)
	}
	if Permanent(nil) != nil {
		t.Error("Permanent(nil) != nil")
	}
}

func TestMaxAttempts(t *testing.T) {
	for _, tc := range []struct{ max, want int }{{0, DefaultMaxAttempts}, {1, 1}, {4, 4}, {-1, 50}} {
		clk := newFakeClock()
		n := 0
		err := do(t, context.Background(), Policy{MaxAttempts: tc.max}, clk, func(context.Context) error {
			n++
			if n == 50 { // only a Policy with no limit gets here
				return nil
			}
			return errDown
		})
		if n != tc.want {
			t.Errorf("MaxAttempts %d: %d attempts, want %d", tc.max, n, tc.want)
		}
		if tc.max >= 0 {
			checkOutcome(t, err, ReasonAttempts, tc.want)
		} else if err != nil {
			t.Errorf("MaxAttempts %d: %v, want success on attempt 50", tc.max, err)
		}
		if len(clk.sleeps) != n-1 {
			t.Errorf("MaxAttempts %d: %d waits for %d attempts", tc.max, len(clk.sleeps), n)
		}
	}
}

func TestZeroPolicyUsesDefaultBackoff(t *testing.T) {
	clk := newFakeClock()
	do(t, context.Background(), Policy{}, clk, func(context.Context) error { return errDown })
	for i, d := range clk.sleeps {
		if c := DefaultBase << i; d < 0 || d > c {
			t.Errorf("wait %d = %v, want full jitter in [0, %v]", i+1, d, c)
		}
	}
}

// TestNestedLayersMultiply counts what layered retries cost, as the AWS
// Builders' Library's "Timeouts, retries, and backoff with jitter" warns
// (https://aws.amazon.com/builders-library/timeouts-retries-and-backoff-with-jitter/): plain nested loops, then nested Do calls that opt out of the
// one-owner rule, make 64 calls for three layers of four attempts and 243
// for five layers of three; with the rule on (the default), the nested Do
// calls make only the outermost layer's attempts.
func TestNestedLayersMultiply(t *testing.T) {
	for _, tc := range []struct{ layers, attempts, want int }{{3, 4, 64}, {5, 3, 243}, {1, 4, 4}} {
		calls := 0
		var loops func(layer int)
		loops = func(layer int) {
			for range tc.attempts {
				if layer == tc.layers {
					calls++
				} else {
					loops(layer + 1)
				}
			}
		}
		loops(1)
		if calls != tc.want {
			t.Errorf("%d nested loops of %d attempts: %d calls, want %d", tc.layers, tc.attempts, calls, tc.want)
		}

		for _, nested := range []bool{true, false} {
			clk := newFakeClock()
			calls := 0
			var layer func(ctx context.Context, depth int) error
			layer = func(ctx context.Context, depth int) error {
				p := withFakes(Policy{MaxAttempts: tc.attempts, RetryNested: nested}, clk, 1)
				return Do(ctx, p, func(ctx context.Context) error {
					if depth == tc.layers {
						calls++
						return errDown
					}
					return layer(ctx, depth+1)
				})
			}
			err := layer(context.Background(), 1)
			want := tc.attempts
			if nested {
				want = tc.want
			}
			if calls != want {
				t.Errorf("%d layers of Do with %d attempts, RetryNested %v: %d calls, want %d", tc.layers, tc.attempts, nested, calls, want)
			}
			if !errors.Is(err, errDown) {
				t.Errorf("layered Do = %v, want it to wrap %v", err, errDown)
			}
		}
	}
}

func TestNestedDoReportsTheOwner(t *testing.T) {
	var inner []Reason
	Do(context.Background(), Policy{MaxAttempts: 2, Backoff: Backoff{Base: 1}}, func(ctx context.Context) error {
		return Do(ctx, Policy{MaxAttempts: 5, OnAttempt: func(a Attempt) { inner = append(inner, a.Reason) }}, func(context.Context) error {
			return errDown
		})
	})
	if fmt.Sprint(inner) != fmt.Sprint([]Reason{ReasonNested, ReasonNested}) {
		t.Errorf("inner Do reasons = %v, want one nested attempt per outer attempt", inner)
	}
}

// TestBudgetInDo runs the budget experiment of attemptsAgainstDeadDependency
// through Do: 1,000 calls
// of up to 4 attempts against a dependency that is down.
func TestBudgetInDo(t *testing.T) {
	for _, tc := range []struct {
		budget *Budget
		want   int
	}{{nil, 4000}, {NewBudget(0.1, 10), 1109}} {
		attempts := 0
		reasons := map[Reason]int{}
		p := Policy{MaxAttempts: 4, Budget: tc.budget, OnAttempt: func(a Attempt) {
			if a.Reason != ReasonRetry {
				reasons[a.Reason]++
			}
		}}
		clk := newFakeClock()
		for range 1000 {
			do(t, context.Background(), p, clk, func(context.Context) error {
				attempts++
				return errDown
			})
		}
		if attempts != tc.want {
			t.Errorf("budget %v: %d attempts, want %d", tc.budget != nil, attempts, tc.want)
		}
		if tc.budget != nil && (reasons[ReasonBudget] != 997 || reasons[ReasonAttempts] != 3) {
			t.Errorf("stops: %v, want 997 by the budget and 3 out of attempts", reasons)
		}
	}
}

// TestBudgetNotSpentOnStop: a retry that the deadline forbids must not
// spend a token. JitterNone makes the wait the whole 100 ms.
func TestBudgetNotSpentOnStop(t *testing.T) {
	b := NewBudget(0, 1)
	do(t, fakeDeadline(50*ms), Policy{Budget: b, Backoff: Backoff{Base: 100 * ms, Jitter: JitterNone}}, newFakeClock(), func(context.Context) error { return errDown })
	if !b.TryRetry() {
		t.Error("a retry stopped by the deadline spent the budget's token")
	}
}

func TestHookSeesEveryAttempt(t *testing.T) {
	clk := newFakeClock()
	var got []Attempt
	n := 0
	err := do(t, fakeDeadline(10*time.Second), Policy{MaxAttempts: 5, OnAttempt: func(a Attempt) { got = append(got, a) }}, clk, func(ctx context.Context) error {
		n++
		clk.advance(10 * ms)
		if n < 3 {
			return errDown
		}
		return nil
	})
	if err != nil || len(got) != 3 {
		t.Fatalf("Do = %v after %d hook calls, want success after 3", err, len(got))
	}
	for i, a := range got {
		wantReason, wantErr := ReasonRetry, errDown
		if i == 2 {
			wantReason, wantErr = ReasonSuccess, nil
		}
		if a.Number != i+1 || a.Reason != wantReason || a.Err != wantErr {
			t.Errorf("attempt %d: %+v, want number %d, reason %v, error %v", i+1, a, i+1, wantReason, wantErr)
		}
		if i < 2 && a.Delay != clk.sleeps[i] {
			t.Errorf("attempt %d: hook delay %v, slept %v", i+1, a.Delay, clk.sleeps[i])
		}
	}
	if want := 10*time.Second - 20*ms - clk.sleeps[0]; got[1].Left != want {
		t.Errorf("attempt 2 left %v, want %v", got[1].Left, want)
	}
}

func TestErrorText(t *testing.T) {
	for _, tc := range []struct {
		err  *Error
		want string
	}{
		{&Error{Attempts: 3, Reason: ReasonAttempts, Err: errDown}, "retry: 3 attempts, out of attempts: dependency down"},
		{&Error{Attempts: 1, Reason: ReasonPermanent, Err: errDown}, "retry: 1 attempt, permanent error: dependency down"},
		{&Error{Reason: ReasonCanceled, ctxErr: context.Canceled}, "retry: 0 attempts, canceled: context canceled"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
	if got := Reason(42).String(); got != "Reason(42)" {
		t.Errorf("Reason(42).String() = %q", got)
	}
}

func TestDoValue(t *testing.T) {
	n := 0
	v, err := DoValue(context.Background(), withFakes(Policy{}, newFakeClock(), 1), func(context.Context) (string, error) {
		n++
		if n < 2 {
			return "partial", errDown
		}
		return "ok", nil
	})
	if v != "ok" || err != nil {
		t.Errorf("DoValue = %q, %v; want ok", v, err)
	}
	v, err = DoValue(context.Background(), withFakes(Policy{}, newFakeClock(), 1), func(context.Context) (string, error) {
		return "partial", errDown
	})
	if v != "" || !errors.Is(err, errDown) {
		t.Errorf("DoValue = %q, %v; want the zero value and %v", v, err, errDown)
	}
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	n := 0
	err := Do(ctx, Policy{}, func(context.Context) error { n++; return nil })
	checkOutcome(t, err, ReasonCanceled, 0)
	if n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("%d attempts, %v; want none and context.Canceled", n, err)
	}

	// Canceled during the wait: Do returns at once, real clock. JitterNone
	// makes the wait a whole hour, never a draw shorter than the cancel.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	err = Do(ctx, Policy{Backoff: Backoff{Base: time.Hour, Jitter: JitterNone}}, func(context.Context) error {
		time.AfterFunc(ms, cancel)
		return errDown
	})
	checkOutcome(t, err, ReasonCanceled, 1)
	if !errors.Is(err, context.Canceled) || !errors.Is(err, errDown) {
		t.Errorf("%v does not wrap both context.Canceled and %v", err, errDown)
	}
}

// TestNoGoroutineLeftBehind runs Do on the real clock through each way it
// ends and checks that no goroutine outlives it; the fake-clock tests check
// the same for timers (every attempt context is canceled).
func TestNoGoroutineLeftBehind(t *testing.T) {
	before := runtime.NumGoroutine()
	policy := Policy{MaxAttempts: 3, AttemptTimeout: 20 * ms, Backoff: Backoff{Base: ms, Jitter: JitterFull}}
	for range 20 {
		Do(context.Background(), policy, func(context.Context) error { return errDown })
		Do(context.Background(), policy, func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() })
		ctx, cancel := context.WithTimeout(context.Background(), 5*ms)
		Do(ctx, Policy{Backoff: Backoff{Base: time.Hour}}, func(context.Context) error { return errDown })
		cancel()
		DoValue(context.Background(), policy, func(context.Context) (int, error) { return 1, nil })
	}
	settle(t, before)
}

// settle waits a little for goroutines that are ending to end, then fails
// if more are running than before.
func settle(t *testing.T, before int) {
	t.Helper()
	var now int
	for range 100 {
		if now = runtime.NumGoroutine(); now <= before {
			return
		}
		time.Sleep(10 * ms)
	}
	buf := make([]byte, 1<<16)
	t.Errorf("%d goroutines before, %d after:\n%s", before, now, buf[:runtime.Stack(buf, true)])
}

func BenchmarkDo(b *testing.B) {
	b.ReportAllocs()
	ctx := context.Background()
	fail := 0
	op := func(context.Context) error {
		if fail++; fail%3 != 0 {
			return errDown
		}
		return nil
	}
	p := Policy{Backoff: Backoff{Base: 1, Cap: 1}}
	for b.Loop() {
		Do(ctx, p, op)
	}
}

// TestRetryAfterBeyondCap: a Retry-After longer than the backoff's Cap (the
// default 10 s here) ends the retries at once, rather than planning a wait
// of years; within the Cap it is honoured.
func TestRetryAfterBeyondCap(t *testing.T) {
	for _, tc := range []struct {
		name    string
		backoff Backoff
		hint    time.Duration
		sleeps  string
		reason  Reason
	}{
		{"default cap, an hour asked", Backoff{}, time.Hour, "[]", ReasonRetryAfter},
		{"default cap, 99999999 s asked", Backoff{}, 99999999 * time.Second, "[]", ReasonRetryAfter},
		{"default cap, the largest Duration asked", Backoff{}, math.MaxInt64, "[]", ReasonRetryAfter},
		{"5 s cap, 6 s asked", Backoff{Cap: 5 * time.Second}, 6 * time.Second, "[]", ReasonRetryAfter},
		{"default cap, 10 s asked", Backoff{}, 10 * time.Second, "[10s]", ReasonAttempts},
		{"2 h cap, an hour asked", Backoff{Cap: 2 * time.Hour}, time.Hour, "[1h0m0s]", ReasonAttempts},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newFakeClock()
			var reasons []Reason
			err := do(t, context.Background(), Policy{MaxAttempts: 2, Backoff: tc.backoff, OnAttempt: func(a Attempt) { reasons = append(reasons, a.Reason) }}, clk, func(context.Context) error {
				return RetryAfter(errDown, tc.hint)
			})
			if got := fmt.Sprint(clk.sleeps); got != tc.sleeps {
				t.Errorf("slept %s, want %s", got, tc.sleeps)
			}
			attempts := 1
			if tc.reason == ReasonAttempts {
				attempts = 2
			}
			checkOutcome(t, err, tc.reason, attempts)
			if !errors.Is(err, errDown) || reasons[len(reasons)-1] != tc.reason {
				t.Errorf("Do = %v, hook reasons %v; want the error wrapped and %v last", err, reasons, tc.reason)
			}
		})
	}
}

// TestNoRetryWithoutTimeForAnAttempt: a retry starts only if, after its
// wait, at least MinAttemptTime is left before the deadline, or a quarter
// of AttemptTimeout when there is one; never with a nanosecond left.
func TestNoRetryWithoutTimeForAnAttempt(t *testing.T) {
	const deadline = 1000 * ms
	for _, tc := range []struct {
		name           string
		attemptTimeout time.Duration
		wait           time.Duration
		retried        bool
	}{
		{"a nanosecond left", 0, deadline - 1, false},
		{"just under MinAttemptTime left", 0, deadline - MinAttemptTime + 1, false},
		{"MinAttemptTime left", 0, deadline - MinAttemptTime, true},
		{"under a quarter of the attempt timeout left", 800 * ms, deadline - 200*ms + 1, false},
		{"a quarter of the attempt timeout left", 800 * ms, deadline - 200*ms, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clk := newFakeClock()
			n := 0
			p := Policy{MaxAttempts: 2, AttemptTimeout: tc.attemptTimeout, Backoff: Backoff{Base: tc.wait, Cap: tc.wait, Jitter: JitterNone}}
			err := do(t, fakeDeadline(deadline), p, clk, func(context.Context) error {
				n++
				return errDown
			})
			if tc.retried {
				checkOutcome(t, err, ReasonAttempts, 2)
			} else {
				checkOutcome(t, err, ReasonDeadline, 1)
				if len(clk.sleeps) != 0 {
					t.Errorf("slept %v before giving up, want no wait", clk.sleeps)
				}
			}
		})
	}
}

// TestSingleAttemptDoDoesNotOwn: a Do that makes one attempt cannot retry,
// so it must not take the retries from the Do inside it.
func TestSingleAttemptDoDoesNotOwn(t *testing.T) {
	for _, tc := range []struct {
		outer, middle, inner int // MaxAttempts of each layer; 0: no middle layer
		want                 int
	}{
		{1, 0, 5, 5},
		{1, 1, 3, 3},
		{3, 0, 5, 3}, // an owner that retries: one attempt inside each of its 3
		{1, 4, 5, 4}, // the middle layer owns
	} {
		calls := 0
		inner := func(ctx context.Context) error {
			return Do(ctx, withFakes(Policy{MaxAttempts: tc.inner}, newFakeClock(), 1), func(context.Context) error {
				calls++
				return errDown
			})
		}
		body := inner
		if tc.middle != 0 {
			body = func(ctx context.Context) error {
				return Do(ctx, withFakes(Policy{MaxAttempts: tc.middle}, newFakeClock(), 1), inner)
			}
		}
		Do(context.Background(), withFakes(Policy{MaxAttempts: tc.outer}, newFakeClock(), 1), body)
		if calls != tc.want {
			t.Errorf("MaxAttempts %d around %d around %d: %d calls, want %d", tc.outer, tc.middle, tc.inner, calls, tc.want)
		}
	}
}

// TestOwnershipEndsWithDo: work started from inside an attempt with
// context.WithoutCancel keeps the context's values after the Do returns;
// from then on no Do owns its retries, so a Do in it retries.
func TestOwnershipEndsWithDo(t *testing.T) {
	var background context.Context
	count := func(calls *int) func(context.Context) error {
		return func(context.Context) error { *calls++; return errDown }
	}
	var during, after int
	Do(context.Background(), withFakes(Policy{MaxAttempts: 2}, newFakeClock(), 1), func(ctx context.Context) error {
		background = context.WithoutCancel(ctx)
		if background == nil || during > 0 {
			return nil
		}
		// While the owner runs, a Do on the detached context is still inside it.
		Do(background, withFakes(Policy{MaxAttempts: 3}, newFakeClock(), 1), count(&during))
		return nil
	})
	Do(background, withFakes(Policy{MaxAttempts: 3}, newFakeClock(), 1), count(&after))
	if during != 1 || after != 3 {
		t.Errorf("Do on a detached context: %d attempts while the owner ran, %d after it returned; want 1 and 3", during, after)
	}
}

// TestNestedDoCreditsBudgetOnce: one logical request is one request to a
// Budget, however many Do calls with that Budget it passes through, one
// inside another or side by side, sequentially or concurrently. A Do with
// another Budget credits that one, once too.
func TestNestedDoCreditsBudgetOnce(t *testing.T) {
	// drained returns a budget with no token left, and credits how many
	// requests were recorded in it since.
	drained := func() *Budget {
		b := NewBudget(0.5, 10)
		for b.TryRetry() {
		}
		return b
	}
	credits := func(b *Budget) int64 {
		return (b.max - b.spent.Load()) / b.ratio
	}
	ok := func(context.Context) error { return nil }
	for _, tc := range []struct {
		name     string
		creditsB int64 // credits to the inner budget
		run      func(a, b *Budget)
	}{
		{"owner around nested", 0, func(a, _ *Budget) {
			Do(context.Background(), Policy{MaxAttempts: 3, Budget: a}, func(ctx context.Context) error {
				return Do(ctx, Policy{MaxAttempts: 3, Budget: a}, ok)
			})
		}},
		{"single attempt around an owner", 0, func(a, _ *Budget) {
			Do(context.Background(), Policy{MaxAttempts: 1, Budget: a}, func(ctx context.Context) error {
				return Do(ctx, Policy{MaxAttempts: 5, Budget: a}, ok)
			})
		}},
		{"RetryNested inside", 0, func(a, _ *Budget) {
			Do(context.Background(), Policy{Budget: a}, func(ctx context.Context) error {
				return Do(ctx, Policy{Budget: a, RetryNested: true}, ok)
			})
		}},
		{"three layers, side by side, concurrent", 1, func(a, b *Budget) {
			Do(context.Background(), Policy{Budget: a}, func(ctx context.Context) error {
				var wg sync.WaitGroup
				for range 8 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						Do(ctx, Policy{Budget: a}, func(ctx context.Context) error {
							Do(ctx, Policy{Budget: b}, ok)
							return Do(ctx, Policy{Budget: b}, ok)
						})
					}()
				}
				wg.Wait()
				return nil
			})
		}},
	} {
		a, b := drained(), drained()
		tc.run(a, b)
		if got := credits(a); got != 1 {
			t.Errorf("%s: the shared budget was credited %d times, want once", tc.name, got)
		}
		if got := credits(b); got != tc.creditsB {
			t.Errorf("%s: the inner budget was credited %d times, want %d", tc.name, got, tc.creditsB)
		}
	}
}

// TestDoWaitsForAnOpThatIgnoresCtx holds what Do's documentation says: when
// ctx ends during an attempt, Do returns when op does (it cannot abandon op
// without leaving its goroutine behind), and makes no further attempt.
func TestDoWaitsForAnOpThatIgnoresCtx(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	n, returned := 0, false
	err := Do(ctx, Policy{MaxAttempts: 5}, func(context.Context) error {
		n++
		cancel()
		time.Sleep(20 * ms) // ignores its context
		returned = true
		return errDown
	})
	if !returned || n != 1 {
		t.Errorf("Do returned with op returned %v, after %d attempts; want op returned, 1 attempt", returned, n)
	}
	checkOutcome(t, err, ReasonCanceled, 1)
}
