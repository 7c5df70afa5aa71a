// Package respredicate holds retry loops that ask a predicate of the
// request, the response and the error (or of the status code) whether to go
// again, as generated SDK clients do.
package respredicate

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

type config struct {
	Request    *http.Request
	HTTPClient *http.Client
	MaxRetries int
}

type permanent interface{ noRetry() }

// shouldRetry answers false for an answer that succeeded: no error, a
// response with no retry directive and a status under 408.
func shouldRetry(req *http.Request, res *http.Response, err error) bool {
	if req.Body != nil && req.GetBody == nil {
		return false
	}
	var p permanent
	if errors.As(err, &p) {
		return false
	}
	if res == nil {
		return true
	}
	if res.Header.Get("x-should-retry") == "true" {
		return true
	}
	if res.Header.Get("x-should-retry") == "false" {
		return false
	}
	return res.StatusCode == http.StatusRequestTimeout ||
		res.StatusCode == http.StatusTooManyRequests ||
		res.StatusCode >= http.StatusInternalServerError
}

func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (cfg *config) Execute() (err error) {
	handler := cfg.HTTPClient.Do
	var res *http.Response
	for retryCount := 0; retryCount <= cfg.MaxRetries; retryCount += 1 { // want `retry loop, an unknown number of attempts, waits timer\(time.Second\)`
		ctx := cfg.Request.Context()
		req := cfg.Request.Clone(ctx)
		res, err = handler(req)
		if ctx != nil && ctx.Err() != nil {
			return ctx.Err()
		}
		if !shouldRetry(cfg.Request, res, err) || retryCount >= cfg.MaxRetries {
			break
		}
		if res != nil && res.Body != nil {
			_ = res.Body.Close()
		}
		if waitErr := wait(ctx, time.Second); waitErr != nil {
			return waitErr
		}
	}
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// retryable decides in one expression.
func retryable(res *http.Response, err error) bool {
	return err != nil || res.StatusCode == http.StatusTooManyRequests || res.StatusCode >= 500
}

func send(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
		res, err := c.Do(req)
		if !retryable(res, err) {
			return res, err
		}
		if err == nil {
			res.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// refetch goes again on an empty body, which a successful answer may have:
// success can go around, so the loop polls rather than retries.
func refetch(res *http.Response, err error) bool {
	if err != nil {
		return true
	}
	if res.ContentLength == 0 {
		return true
	}
	return false
}

func fetchNonEmpty(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if !refetch(res, err) {
			return res, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// jsonOnly goes again unless the server answers JSON: a header of the
// answer that succeeded is taken to be absent, so this predicate answers
// true for it, and the loop is no retry.
func jsonOnly(res *http.Response, err error) bool {
	if err != nil {
		return true
	}
	return res.Header.Get("Content-Type") != "application/json"
}

func fetchJSON(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if !jsonOnly(res, err) {
			return res, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// logged does more than decide: its answer is not evaluated.
func logged(res *http.Response, err error) bool {
	println(err)
	return err != nil || res.StatusCode >= 500
}

func sendLogged(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if !logged(res, err) {
			return res, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// retryableStatus is asked about the status code alone.
func retryableStatus(code int) bool {
	return code == http.StatusTooManyRequests || code >= 500
}

func sendStatus(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
		res, err := c.Do(req)
		if err == nil && !retryableStatus(res.StatusCode) {
			return res, nil
		}
		if err == nil {
			res.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// notFound is true for a successful status too (it is asked of any code).
func notFound(code int) bool {
	return code != http.StatusNotFound
}

func sendUntilGone(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !notFound(res.StatusCode) {
			return res, nil
		}
		if err == nil {
			res.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// resumeIncomplete is a resumable upload server's "go on with the next
// chunk", said in a header of an answer that succeeded.
func resumeIncomplete(res *http.Response) bool {
	return res != nil && res.Header.Get("X-Http-Status-Code-Override") == "308"
}

type media struct {
	chunks [][]byte
	next   int
}

func (m *media) Chunk() []byte { return m.chunks[m.next] }
func (m *media) Next()         { m.next++ }

// upload goes round for the next chunk, not after a failure: it is no retry.
func upload(c *http.Client, u string, m *media) (*http.Response, error) {
	for {
		req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(m.Chunk()))
		if err != nil {
			return nil, err
		}
		res, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resumeIncomplete(res) {
			res.Body.Close()
			m.Next()
			continue
		}
		return res, nil
	}
}

// verdictAndDelay gives a delay beside its verdict (PagerDuty's
// shouldRetry): it is followed through if and else, past the assignments
// that leave its response and error alone. The count it is handed is
// compared there, out of the loop's sight: the loop's bound is unknown.
func verdictAndDelay(res *http.Response, err error, attempt, limit int) (bool, time.Duration) {
	if attempt >= limit {
		return false, 0
	}
	if err != nil || res.StatusCode >= 500 {
		return true, time.Second
	} else if res.StatusCode == http.StatusTooManyRequests {
		reset := res.Header.Get("ratelimit-reset")
		if seconds, err := strconv.Atoi(reset); err == nil {
			return true, time.Duration(seconds) * time.Second
		}
		return true, time.Second
	}
	return false, 0
}

func sendWithDelay(c *http.Client, req *http.Request, limit int) (*http.Response, error) {
	for attempt := 0; ; attempt++ { // want `retry loop, an unknown number of attempts, waits sleep\(delay\)$`
		res, err := c.Do(req)
		retry, delay := verdictAndDelay(res, err, attempt, limit)
		if !retry {
			return res, err
		}
		if err == nil {
			res.Body.Close()
		}
		time.Sleep(delay)
	}
}

// goneAndDelay goes again until the resource is gone: it answers true for
// a success too, so the loop polls rather than retries.
func goneAndDelay(res *http.Response, err error) (bool, time.Duration) {
	if err != nil {
		return true, time.Second
	} else {
		return res.StatusCode != http.StatusNotFound, time.Second
	}
}

func waitGone(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ { // want `periodic loop, waits sleep\(delay\)$`
		res, err := c.Do(req)
		again, delay := goneAndDelay(res, err)
		if !again {
			return res, err
		}
		if err == nil {
			res.Body.Close()
		}
		time.Sleep(delay)
	}
}

type locker struct {
	c     *http.Client
	u     string
	cache map[string]bool
}

// peek looks in a local map.
func (l *locker) peek() (bool, error) {
	v, ok := l.cache[l.u]
	if !ok {
		return false, errors.New("none")
	}
	return v, nil
}

// tryLock asks the server for the lock.
func (l *locker) tryLock() (bool, error) {
	resp, err := l.c.Get(l.u)
	if err != nil {
		return false, err
	}
	defer resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// acquire gives its verdict variable peek's answer first: the attempt's
// answer replaces it, and decides.
func acquire(l *locker) error {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)$`
		held, err := l.peek()
		if err == nil && held {
			println("cached")
		}
		held, err = l.tryLock()
		if held {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// everyTenth is handed the counter but compares no limit with it.
func everyTenth(n int) bool { return n%10 == 0 }

func sendForever(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; ; attempt++ { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && res.StatusCode < 500 {
			return res, nil
		}
		if everyTenth(attempt) {
			println("still failing")
		}
		time.Sleep(time.Second)
	}
}

// stillThere writes through the response it is asked about: its answer is
// not the attempt's, and is not evaluated.
func stillThere(res *http.Response, err error) (bool, time.Duration) {
	if err != nil {
		return true, time.Second
	}
	if res.StatusCode == http.StatusOK {
		res.StatusCode = http.StatusServiceUnavailable
	}
	return res.StatusCode >= 500, time.Second
}

func waitDeleted(c *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `periodic loop, waits sleep\(delay\), polls c.Do$`
		res, err := c.Do(req)
		again, delay := stillThere(res, err)
		if !again {
			return res, err
		}
		time.Sleep(delay)
	}
}

// againAfter is asked about the error alone and gives a delay beside its
// verdict: false for a nil error, so a success leaves the loop.
func againAfter(err error) (bool, time.Duration) {
	if err == nil {
		return false, 0
	}
	return true, time.Second
}

func sendAgainAfter(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ { // want `retry loop, up to 5 attempts, waits sleep\(delay\)$`
		res, err := c.Do(req)
		again, delay := againAfter(err)
		if !again {
			return res, err
		}
		time.Sleep(delay)
	}
	return nil, errors.New("gave up")
}

// refreshAfter answers true for a nil error too (it goes on refreshing):
// the loop it paces polls.
func refreshAfter(err error) (bool, time.Duration) {
	if err == nil {
		return true, time.Minute
	}
	return true, time.Second
}

func refresh(c *http.Client, req *http.Request) {
	for attempt := 0; attempt < 5; attempt++ { // want `periodic loop, waits sleep\(delay\)`
		res, err := c.Do(req)
		if err == nil {
			res.Body.Close()
		}
		again, delay := refreshAfter(err)
		if !again {
			return
		}
		time.Sleep(delay)
	}
}

// Retrier is a retry policy out of sight: told the count, it answers beside
// a wait and an error whether to go on (olivere/elastic's Retrier.Retry).
type Retrier interface {
	Retry(n int, res *http.Response, err error) (time.Duration, bool, error)
}

// The policy decides how many attempts there are: not unbounded, though the
// count is stepped only in branches.
func sendWithRetrier(c *http.Client, req *http.Request, r Retrier) (*http.Response, error) {
	n := 0
	for { // want `retry loop, an unknown number of attempts, waits sleep\(wait\)$`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if res != nil {
			n++
		} else {
			n += 2
		}
		wait, ok, rerr := r.Retry(n, res, err)
		if rerr != nil {
			return nil, rerr
		}
		if !ok {
			return nil, err
		}
		time.Sleep(wait)
	}
}

type cache interface{ Get(k int) (string, bool) }

// A count handed to a comma-ok lookup is no question of whether to go on:
// the loop stays unbounded.
func sendLookedUp(c *http.Client, req *http.Request, ch cache) (*http.Response, error) {
	for attempt := 0; ; attempt++ { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		if note, ok := ch.Get(attempt); ok {
			req.Header.Set("X-Note", note)
		}
		time.Sleep(time.Second)
	}
}

type sink interface{ Full(n int) bool }

// A tally of the items of one attempt, handed to a predicate out of sight,
// counts no attempts: the loop stays unbounded.
func sendCounted(c *http.Client, req *http.Request, s sink, parts []string) (*http.Response, error) {
	total := 0
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil {
			return res, nil
		}
		for range parts {
			total++
		}
		if s.Full(total) {
			total = 0
		}
		time.Sleep(time.Second)
	}
}
