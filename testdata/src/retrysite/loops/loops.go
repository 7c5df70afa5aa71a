// Package loops holds the loop shapes the retry-site recogniser must find,
// and the loops that look alike but do not retry.
package loops

import (
	"context"
	"errors"
	"log"
	"net/http"
	"strings"
	"time"
)

var errTemporary = errors.New("temporary")

func op() error                   { return nil }
func opCtx(context.Context) error { return nil }
func fetch() (string, error)      { return "", nil }
func tryLock() bool               { return false }

// --- retry loops ---

func counted() error {
	var err error
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func countedLE(d time.Duration) (string, error) {
	for attempt := 1; attempt <= 5; attempt++ { // want `retry loop, up to 5 attempts, waits sleep\(d\)`
		s, err := fetch()
		if err != nil {
			time.Sleep(d)
			continue
		}
		return s, nil
	}
	return "", errTemporary
}

func rangeInt() error {
	for range 4 { // want `retry loop, up to 4 attempts, no wait`
		if err := op(); err == nil {
			return nil
		}
	}
	return errTemporary
}

func forever(ctx context.Context) error {
	for { // want `retry loop, unbounded attempts, waits after\(time.Second\)`
		err := opCtx(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func whileErr() {
	err := op()
	for err != nil { // want `retry loop, unbounded attempts, waits sleep\(time.Millisecond\)`
		time.Sleep(time.Millisecond)
		err = op()
	}
}

func forClauseErr() {
	for err := op(); err != nil; err = op() { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		time.Sleep(time.Second)
	}
}

func flag() {
	done := false
	for !done { // want `retry loop, unbounded attempts, no wait`
		if err := op(); err == nil {
			done = true
		}
	}
}

func labelled() error {
outer:
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, no wait`
		switch err := op(); {
		case err == nil:
			break outer
		case errors.Is(err, errTemporary):
			continue
		default:
			return err
		}
	}
	return nil
}

func bodyCounter() error {
	attempt := 0
	for { // want `retry loop, up to 5 attempts, waits sleep\(time.Second\)`
		err := op()
		if err == nil {
			return nil
		}
		attempt++
		if attempt >= 5 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// A counter check whose block ends in log.Fatal, which never returns,
// bounds the loop as a return does.
func bodyCounterFatal() {
	attempt := 0
	for { // want `retry loop, up to 5 attempts, waits sleep\(time.Second\)`
		err := op()
		if err == nil {
			return
		}
		attempt++
		if attempt >= 5 {
			log.Fatalf("giving up: %v", err)
		}
		time.Sleep(time.Second)
	}
}

// log.Printf returns: the check bounds nothing the recogniser can count.
func bodyCounterPrint() {
	attempt := 0
	for { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)`
		err := op()
		if err == nil {
			return
		}
		attempt++
		if attempt >= 5 {
			log.Printf("still failing: %v", err)
		}
		time.Sleep(time.Second)
	}
}

func status(c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errTemporary
}

func boolAttempt() bool {
	for i := 0; i < 10; i++ { // want `retry loop, up to 10 attempts, waits sleep\(time.Millisecond\)`
		if tryLock() {
			return true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return false
}

func timerReset(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	for { // want `retry loop, unbounded attempts, waits timer\(d\)`
		if err := op(); err == nil {
			return nil
		}
		t.Reset(d)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

func helperWait(ctx context.Context) error {
	backoff := 100 * time.Millisecond
	for i := 0; i < 4; i++ { // want `retry loop, up to 4 attempts, waits after\(backoff\)`
		if err := opCtx(ctx); err == nil {
			return nil
		}
		if err := sleepCtx(ctx, backoff); err != nil {
			return err
		}
		backoff *= 2
	}
	return errTemporary
}

func delays() error {
	for _, d := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} { // want `retry loop, up to 3 attempts, waits sleep\(d\)`
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(d)
	}
	return errTemporary
}

func generic[T any](get func() (T, error)) (T, error) {
	var zero T
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, no wait`
		v, err := get()
		if err == nil {
			return v, nil
		}
	}
	return zero, errTemporary
}

// --- not retry loops ---

func items(xs []string) error {
	for _, x := range xs {
		if err := process(x); err != nil {
			continue
		}
		return nil
	}
	return nil
}

func process(string) error { return nil }

func byIndex(xs []string) error {
	for i := 0; i < len(xs); i++ {
		if err := process(xs[i]); err == nil {
			return nil
		}
	}
	return errTemporary
}

func pages(list func(token string) ([]string, string, error)) error {
	token := ""
	for {
		_, next, err := list(token)
		if err != nil {
			return err
		}
		if next == "" {
			return nil
		}
		token = next
	}
}

func worker() {
	for { // want `periodic loop, waits sleep\(time.Minute\)`
		if err := op(); err != nil {
			println(err.Error())
		}
		time.Sleep(time.Minute)
	}
}

func ticker(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C { // want `periodic loop, waits tick\(time.Second\) sleep\(time.Millisecond\)`
		_ = op()
		time.Sleep(time.Millisecond)
	}
}

func tickerSelect(ctx context.Context) {
	t := time.NewTicker(time.Second)
	for { // want `periodic loop, waits tick\(time.Second\)`
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = op()
		}
	}
}

func readyOrError(check func() (bool, error)) error {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		ready, err := check()
		if err != nil {
			return err
		}
		if ready {
			return nil
		}
		time.Sleep(time.Second)
	}
}

type limiter struct{}

func noop() {}

func consume(next func() (string, error)) {
	for {
		msg, err := next()
		if err != nil {
			continue
		}
		println(msg)
	}
}

// The common way to retry a request: one err for building the request and
// for sending it. The early return is on the NewRequest error, not the
// attempt's, so it does not make the loop a poll-until-ready.
func sharedErr(c *http.Client, url string) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retry loop, up to 3 attempts, waits sleep\(time.Second\)`
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// A check of an older error before the call, and none after it: success and
// failure both go around, so this is a worker, not a retry.
func checkBeforeOnly(ctx context.Context, jobs func() error) {
	var err error
	for ctx.Err() == nil {
		if err != nil {
			log.Print(err)
		}
		err = jobs()
	}
}

type command struct{ args []string }

func (c *command) arg(i int) string { return c.args[i] }

// A search: the bool call tests the item at the counter's position. Not a
// retry, though it loops until a call returns true.
func argAfterToken(c *command, from int, token string) int {
	for i := from; i < len(c.args)-1; i++ {
		if strings.EqualFold(c.arg(i), token) {
			return i + 1
		}
	}
	return 0
}

// A bool try that does not depend on the counter is still a retry.
func lockWithin(n int) bool {
	for i := 0; i < 5; i++ { // want `retry loop, up to 5 attempts, waits sleep\(time.Millisecond\)`
		if tryLock() {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return false
}
