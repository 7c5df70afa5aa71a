package retry_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"time"

	"github.com/retrylint/retrylint/retry"
)

var errUnavailable = errors.New("unavailable")

func ExampleDo() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()

	calls := 0
	policy := retry.Policy{
		MaxAttempts:    4,                      // attempts, counting the first call
		AttemptTimeout: 500 * time.Millisecond, // each attempt; never past ctx's deadline
		Backoff:        retry.Backoff{Base: time.Millisecond, Cap: 10 * time.Millisecond, Jitter: retry.JitterFull},
		OnAttempt: func(a retry.Attempt) {
			fmt.Printf("attempt %d: %v (%v)\n", a.Number, a.Err, a.Reason)
		},
	}
	err := retry.Do(ctx, policy, func(ctx context.Context) error {
		calls++
		if calls < 3 {
			return errUnavailable
		}
		return nil
	})
	fmt.Println("err:", err)
	// Output:
	// attempt 1: unavailable (retrying)
	// attempt 2: unavailable (retrying)
	// attempt 3: <nil> (succeeded)
	// err: <nil>
}

func ExampleDo_gaveUp() {
	err := retry.Do(context.Background(), retry.Policy{MaxAttempts: 2, Backoff: retry.Backoff{Base: time.Millisecond}},
		func(ctx context.Context) error { return errUnavailable })
	fmt.Println(err)
	fmt.Println(errors.Is(err, errUnavailable))
	var e *retry.Error
	if errors.As(err, &e) {
		fmt.Println(e.Attempts, e.Reason)
	}
	// Output:
	// retry: 2 attempts, out of attempts: unavailable
	// true
	// 2 out of attempts
}

func ExampleDoValue() {
	calls := 0
	v, err := retry.DoValue(context.Background(), retry.Policy{Backoff: retry.Backoff{Base: time.Millisecond}},
		func(ctx context.Context) (string, error) {
			if calls++; calls == 1 {
				return "", errUnavailable
			}
			return "route estimate: 12 min", nil
		})
	fmt.Println(v, err)
	// Output: route estimate: 12 min <nil>
}

func ExamplePermanent() {
	calls := 0
	err := retry.Do(context.Background(), retry.Policy{MaxAttempts: 5}, func(ctx context.Context) error {
		calls++
		return retry.Permanent(errors.New("400: card number is invalid")) // another attempt cannot fix this
	})
	fmt.Println(calls, err)
	// Output: 1 retry: 1 attempt, permanent error: 400: card number is invalid
}

func ExampleDo_nested() {
	// The outer Do owns the retries: the inner one, on the same context,
	// makes one attempt per outer attempt, so 3 attempts reach the
	// dependency, not 3 x 3.
	calls := 0
	p := retry.Policy{MaxAttempts: 3, Backoff: retry.Backoff{Base: time.Millisecond}}
	retry.Do(context.Background(), p, func(ctx context.Context) error {
		return retry.Do(ctx, p, func(ctx context.Context) error {
			calls++
			return errUnavailable
		})
	})
	fmt.Println(calls)
	// Output: 3
}

func ExampleBackoff_Delay() {
	b := retry.Backoff{Base: 100 * time.Millisecond, Cap: 3200 * time.Millisecond, Jitter: retry.JitterNone}
	for n := 1; n <= 7; n++ {
		fmt.Println(n, b.Delay(n, 0, nil))
	}

	// The jittered rules draw from below the same ceilings.
	b.Jitter = retry.JitterFull
	d := b.Delay(3, 0, nil)
	fmt.Println(d >= 0 && d <= 400*time.Millisecond)
	// Output:
	// 1 100ms
	// 2 200ms
	// 3 400ms
	// 4 800ms
	// 5 1.6s
	// 6 3.2s
	// 7 3.2s
	// true
}

func ExampleFullJitter() {
	// A hand-written loop keeps its exponential ceiling but sleeps a random
	// part of it, so that clients that failed together do not retry together.
	calls := 0
	call := func() error {
		if calls++; calls < 3 {
			return errUnavailable
		}
		return nil
	}
	wait := time.Millisecond
	for attempt := 1; ; attempt++ {
		err := call()
		if err == nil || attempt == 5 {
			fmt.Println(attempt, err)
			break
		}
		time.Sleep(retry.FullJitter(wait))
		wait = min(2*wait, 8*time.Millisecond)
	}
	// Output: 3 <nil>
}

func ExampleNewBudget() {
	// 1,000 requests against a dependency that is down, each with up to 3
	// retries: without a budget, 4,000 attempts; with one, 1,109.
	budget := retry.NewBudget(0.1, 10)
	attempts := 0
	for range 1000 {
		budget.OnRequest()
		attempts++
		for range 3 {
			if !budget.TryRetry() {
				break
			}
			attempts++
		}
	}
	fmt.Println(attempts)
	// Output: 1109
}

func ExampleNewClient() {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ok")
	}))
	defer srv.Close()

	client := retry.NewClient(10*time.Second, retry.Policy{Backoff: retry.Backoff{Base: time.Millisecond, Jitter: retry.JitterFull}})
	resp, err := client.Get(srv.URL)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.Status, string(body), calls.Load(), "calls")
	// Output: 200 OK ok 2 calls
}

func ExampleNewIdempotencyKey() {
	// Make the key once per payment, before the first attempt: every
	// attempt must carry the same key for the server to see the repeat.
	key := retry.NewIdempotencyKey()
	req, _ := http.NewRequest(http.MethodPost, "https://payments.example/charges", strings.NewReader(`{"amount":100}`))
	req.Header.Set(retry.IdempotencyKeyHeader, key)

	fmt.Println(len(key), key[14:15], retry.Repeatable(req))
	// Output: 36 4 true
}

func ExampleParseRetryAfter() {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	fmt.Println(retry.ParseRetryAfter("120", now))
	fmt.Println(retry.ParseRetryAfter("Sun, 01 Mar 2026 12:00:30 GMT", now))
	fmt.Println(retry.ParseRetryAfter("soon", now))
	// Output:
	// 2m0s true
	// 30s true
	// 0s false
}
