// Package closures retries calls whose attempt is a function literal: kept
// in a local variable and run by a goroutine per attempt (go-micro's
// client), or called where it is written. The waits inside such a literal
// pause every attempt.
package closures

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

var (
	errStatus  = errors.New("bad status")
	errTimeout = errors.New("timed out")
)

func get(hc *http.Client, url string) error {
	resp, err := hc.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errStatus
	}
	return nil
}

// A Getter's implementations are out of sight: it may reach a server.
type Getter interface {
	Get(ctx context.Context, url string) error
}

// Each attempt runs call in a goroutine, and call sleeps first: the loop
// gets each attempt's result on ch.
func goroutinePerAttempt(ctx context.Context, g Getter, url string, retries int) error {
	call := func(i int) error {
		if i > 0 {
			time.Sleep(time.Duration(i) * time.Second) // want `retry loop waits a deterministic duration \(time\.Duration\(i\) \* time\.Second\) between attempts`
		}
		return g.Get(ctx, url)
	}
	ch := make(chan error, retries+1)
	var last error
	for i := 0; i <= retries; i++ {
		go func(i int) {
			ch <- call(i)
		}(i)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-ch:
			if err == nil {
				return nil
			}
			last = err
		}
	}
	return last
}

// The attempt is a literal called where it is written.
func calledInPlace(hc *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		err = func() error {
			time.Sleep(2 * time.Second) // want `retry loop waits a fixed 2s between attempts`
			return get(hc, url)
		}()
		if err == nil {
			return nil
		}
	}
	return err
}

// Quiet: the literal's wait is random.
func randomInLiteral(hc *http.Client, url string) error {
	call := func() error {
		time.Sleep(rand.N(2 * time.Second))
		return get(hc, url)
	}
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}

// Quiet: a watchdog goroutine sleeps, then cancels; it sends the loop
// nothing, and the loop has no wait of its own.
func watchdog(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		actx, cancel := context.WithCancel(ctx)
		go func() {
			time.Sleep(5 * time.Second)
			cancel()
		}()
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, rerr := hc.Do(req)
		cancel()
		if rerr == nil {
			resp.Body.Close()
			return nil
		}
		err = rerr
	}
	return err
}

// A literal called where it is written runs there and then: its wait
// pauses the attempt, whatever else it does.
func hooked(ctx context.Context, g Getter, url string, hook func()) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		func() {
			time.Sleep(time.Second) // want `retry loop waits a fixed 1s between attempts`
			hook()
		}()
		if err = g.Get(ctx, url); err == nil {
			return nil
		}
	}
	return err
}

// Quiet: a goroutine that reports on the side sends the loop nothing, and
// does not hold it up.
func reportOnTheSide(ctx context.Context, g Getter, url, statusURL string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		go func() {
			time.Sleep(time.Second)
			_ = g.Get(ctx, statusURL)
		}()
		if err = g.Get(ctx, url); err == nil {
			return nil
		}
	}
	return err
}

// Quiet: a goroutine that only sleeps, then signals, reaches nothing: it
// is the attempt's timeout, not a pause before it.
func timeoutSignal(ctx context.Context, g Getter, url string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		timeout := make(chan error, 1)
		go func() {
			time.Sleep(10 * time.Second)
			timeout <- errTimeout
		}()
		done := make(chan error, 1)
		go func() { done <- g.Get(ctx, url) }()
		select {
		case err = <-done:
		case err = <-timeout:
		}
		if err == nil {
			return nil
		}
	}
	return err
}

// Quiet: a deferred literal runs when the function returns, not per
// attempt.
func deferred(hc *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		defer func() {
			time.Sleep(time.Second)
			_ = get(hc, url)
		}()
		if err = get(hc, url); err == nil {
			return nil
		}
	}
	return err
}

// Quiet: a variable given two literals is not followed.
func twoLiterals(hc *http.Client, url string, slow bool) error {
	call := func() error { return get(hc, url) }
	if slow {
		call = func() error {
			time.Sleep(time.Second)
			return get(hc, url)
		}
	}
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = call(); err == nil {
			return nil
		}
	}
	return err
}
