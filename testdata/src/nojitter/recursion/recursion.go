// Package recursion holds retries made by a function that calls itself
// again, after a failure and a wait, with one attempt fewer.
package recursion

import (
	"context"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"
)

var (
	errLoading = errors.New("offsets loading")
	errBusy    = errors.New("busy")
)

type client struct {
	hc      *http.Client
	backoff time.Duration
}

func newClient(hc *http.Client) *client { return &client{hc: hc, backoff: 250 * time.Millisecond} }

// status fetches u and turns a 503 into errLoading.
func (c *client) status(u string) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return errLoading
	}
	return nil
}

// fetchOffset answers errLoading by waiting and asking again with one
// attempt fewer (sarama's fetchInitialOffset).
func (c *client) fetchOffset(u string, retries int) error {
	switch err := c.status(u); err {
	case nil:
		return nil
	case errLoading:
		if retries <= 0 {
			return err
		}
		select {
		case <-time.After(c.backoff): // want `^recursive retry waits a deterministic duration \(c.backoff\) between attempts: clients that failed together retry together; randomise the wait \(full jitter\)$`
		}
		return c.fetchOffset(u, retries-1)
	default:
		return err
	}
}

// join sleeps a fixed 2s after a failure and joins again.
func (c *client) join(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		time.Sleep(2 * time.Second) // want `^recursive retry waits a fixed 2s between attempts`
		return c.join(u, retries-1)
	}
	return nil
}

// find retries through a closure that is handed the error and takes one
// off the count it captured (sarama's findCoordinator).
func (c *client) find(u string, attemptsLeft int) error {
	retry := func(err error) error {
		if attemptsLeft > 0 {
			time.Sleep(c.backoff) // want `^recursive retry waits a deterministic duration \(c.backoff\)`
			attemptsLeft--
			return c.find(u, attemptsLeft)
		}
		return err
	}
	if err := c.status(u); err != nil {
		return retry(err)
	}
	return nil
}

// fetchAfter's wait is its select case's own communication.
func (c *client) fetchAfter(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		select {
		case <-time.After(3 * time.Second): // want `^recursive retry waits a fixed 3s`
			return c.fetchAfter(u, retries-1)
		}
	}
	return nil
}

// fetchKind retries the failures a type switch on the error picks.
func (c *client) fetchKind(u string, retries int) error {
	switch err := c.status(u).(type) {
	case nil:
		return nil
	case *net.OpError:
		if retries <= 0 {
			return err
		}
		time.Sleep(time.Second) // want `^recursive retry waits a fixed 1s`
		return c.fetchKind(u, retries-1)
	default:
		return err
	}
}

// kerr is an error that is a code, zero for none (sarama's KError).
type kerr int16

const (
	errNone           kerr = 0
	errLoadInProgress kerr = 14
)

func (e kerr) Error() string { return "broker error " + strconv.Itoa(int(e)) }

// code asks u and turns its answer into a code.
func (c *client) code(u string) (kerr, error) {
	resp, err := c.hc.Get(u)
	if err != nil {
		return errNone, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return errLoadInProgress, nil
	}
	return errNone, nil
}

// fetchCode retries the failure a switch on the code picks (sarama's
// fetchInitialOffset switches on block.Err).
func (c *client) fetchCode(u string, retries int) error {
	code, err := c.code(u)
	if err != nil {
		return err
	}
	switch code {
	case errNone:
		return nil
	case errLoadInProgress:
		if retries <= 0 {
			return code
		}
		time.Sleep(c.backoff) // want `^recursive retry waits a deterministic duration \(c.backoff\)`
		return c.fetchCode(u, retries-1)
	default:
		return code
	}
}

// withLoop's wait is a retry loop's too: reported once.
func (c *client) withLoop(u string, retries int) error {
	for i := 0; i < 3; i++ {
		err := c.status(u)
		if err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `^retry loop waits a fixed 1s`
		if errors.Is(err, errLoading) && retries > 0 {
			return c.withLoop(u, retries-1)
		}
	}
	return errLoading
}

// --- not reported ---

// The code's zero is no error: going on under it is the next page, not a
// retry.
func (c *client) pagesCode(u string, left int) error {
	code, err := c.code(u)
	if err != nil {
		return err
	}
	switch code {
	case errNone:
		if left <= 0 {
			return nil
		}
		time.Sleep(time.Second)
		return c.pagesCode(u, left-1)
	default:
		return code
	}
}

// A switch on a code with a case that is not a constant says nothing of
// which case is a failure.
func (c *client) pagesVar(u string, ok kerr, left int) error {
	code, err := c.code(u)
	if err != nil {
		return err
	}
	switch code {
	case ok:
		if left <= 0 {
			return nil
		}
		time.Sleep(time.Second)
		return c.pagesVar(u, ok, left-1)
	default:
		return code
	}
}

// A switch on a number that is no error says nothing of failure: this
// drains what is pending.
func (c *client) drain(u string, left int) error {
	code, err := c.code(u)
	if err != nil {
		return err
	}
	switch pending := int(code); pending {
	case 0:
		return nil
	default:
		if left <= 0 {
			return nil
		}
		time.Sleep(time.Second)
		return c.drain(u, left-1)
	}
}

// An error that is a string says nothing of which value is none: its
// empty case may be a failure like any other.
type serr string

func (e serr) Error() string { return string(e) }

func (c *client) drainText(u string, left int) error {
	code, err := c.code(u)
	if err != nil {
		return err
	}
	switch text := serr(code.Error()); text {
	case "":
		return nil
	case "broker error 0":
		if left <= 0 {
			return text
		}
		time.Sleep(time.Second)
		return c.drainText(u, left-1)
	default:
		return text
	}
}

// A randomised wait.
func (c *client) joinJittered(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		time.Sleep(rand.N(2 * time.Second))
		return c.joinJittered(u, retries-1)
	}
	return nil
}

// A poll that goes on until the answer is ready keeps no count of
// attempts.
func (c *client) waitReady(u string) error {
	if err := c.status(u); err != nil {
		time.Sleep(time.Second)
		return c.waitReady(u)
	}
	return nil
}

// Walking pages after a success: the recursion is no retry.
func (c *client) pages(u string, left int) error {
	if err := c.status(u); err != nil {
		return err
	}
	if left > 0 {
		time.Sleep(time.Second)
		return c.pages(u+"?next", left-1)
	}
	return nil
}

// A retry of work that stays in this process.
func parse(s string, retries int) error {
	if _, err := time.ParseDuration(s); err != nil {
		if retries <= 0 {
			return err
		}
		time.Sleep(time.Second)
		return parse(s+"s", retries-1)
	}
	return nil
}

// The wait comes after the call, not before it.
func (c *client) joinThenWait(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		defer time.Sleep(time.Second)
		return c.joinThenWait(u, retries-1)
	}
	return nil
}

// The wait is in another case, which gives up; the retry does not wait.
func (c *client) fetchOtherCase(u string, retries int) error {
	switch err := c.status(u); err {
	case nil:
		return nil
	case errBusy:
		time.Sleep(time.Minute)
		return err
	case errLoading:
		if retries <= 0 {
			return err
		}
		return c.fetchOtherCase(u, retries-1)
	default:
		return err
	}
}

// A deferred wait inside a block runs after the call too.
func (c *client) joinThenWaitNested(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		if retries == 1 {
			defer time.Sleep(time.Second)
		}
		return c.joinThenWaitNested(u, retries-1)
	}
	return nil
}

// Next pages after a success, in the else of the error test or beside a
// test of the context: no retry.
func (c *client) pagesElse(u string, left int) error {
	if err := c.status(u); err != nil {
		return err
	} else if left > 0 {
		time.Sleep(time.Second)
		return c.pagesElse(u+"?next", left-1)
	}
	return nil
}

func (c *client) pagesCtx(ctx context.Context, u string, left int) error {
	if err := c.status(u); err != nil {
		return err
	}
	if left > 0 && ctx.Err() == nil {
		time.Sleep(time.Second)
		return c.pagesCtx(ctx, u+"?next", left-1)
	}
	return nil
}

// A crawl one level down after a pause: its result is tested, but nothing
// failed before it.
func (c *client) crawl(u string, depth int) error {
	if err := c.status(u); err != nil {
		return err
	}
	time.Sleep(time.Second)
	if err := c.crawl(u+"/child", depth-1); err != nil {
		return err
	}
	return nil
}

// joinEarly returns on success first: what follows runs only after a
// failure.
func (c *client) joinEarly(u string, retries int) error {
	err := c.status(u)
	if err == nil {
		return nil
	}
	if retries <= 0 {
		return err
	}
	time.Sleep(2 * time.Second) // want `^recursive retry waits a fixed 2s between attempts`
	return c.joinEarly(u, retries-1)
}

// pagesNoted counts a success and goes on: what follows runs after a
// success too.
func (c *client) pagesNoted(u string, left int, seen *int) error {
	err := c.status(u)
	if err == nil {
		*seen++
	}
	if left <= 0 {
		return err
	}
	time.Sleep(time.Second)
	return c.pagesNoted(u+"?next", left-1, seen)
}

// syncParts returns when the first part is there already, and leaves on a
// failed upload of the next: the call after runs on a success.
func (c *client) syncParts(parts []string, left int) error {
	if err := c.status(parts[0] + "?exists"); err == nil {
		return nil
	}
	if left <= 0 || len(parts) < 2 {
		return nil
	}
	if err := c.status(parts[1]); err != nil {
		return err
	}
	time.Sleep(time.Second)
	return c.syncParts(parts[1:], left-1)
}

// cached returns early on a cached answer, which is no attempt.
func (c *client) cached(cache map[string]error, u string, left int) error {
	err := cache[u]
	if err == nil {
		return nil
	}
	if left <= 0 {
		return c.status(u)
	}
	time.Sleep(time.Second)
	return c.cached(cache, u, left-1)
}

// statLocal returns early when a local file exists: a check of this
// machine, not an attempt on another process.
func (c *client) statLocal(path, u string, left int) error {
	_, err := os.Stat(path)
	if err == nil {
		return nil
	}
	if left <= 0 {
		return c.status(u)
	}
	time.Sleep(time.Second)
	return c.statLocal(path, u, left-1)
}

// joinEarlyInit makes the attempt in the init of the if that returns on
// its success.
func (c *client) joinEarlyInit(u string, retries int) error {
	if err := c.status(u); err == nil {
		return nil
	}
	if retries <= 0 {
		return errBusy
	}
	time.Sleep(3 * time.Second) // want `^recursive retry waits a fixed 3s between attempts`
	return c.joinEarlyInit(u, retries-1)
}

// joinUnlessBusy gives up on one failure of the same attempt: what follows
// still runs only after it failed.
func (c *client) joinUnlessBusy(u string, retries int) error {
	err := c.status(u)
	if err == nil {
		return nil
	}
	if errors.Is(err, errBusy) {
		return err
	}
	if retries <= 0 {
		return err
	}
	time.Sleep(5 * time.Second) // want `^recursive retry waits a fixed 5s between attempts`
	return c.joinUnlessBusy(u, retries-1)
}

// joinUnlessDone gives up when its context is done, before the wait.
func (c *client) joinUnlessDone(ctx context.Context, u string, retries int) error {
	err := c.status(u)
	if err == nil {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if retries <= 0 {
		return err
	}
	time.Sleep(4 * time.Second) // want `^recursive retry waits a fixed 4s between attempts`
	return c.joinUnlessDone(ctx, u, retries-1)
}

// overwritten tests a cached answer that replaced the attempt's: what
// follows runs after the attempt succeeded too.
func (c *client) overwritten(cache map[string]error, u string, left int) error {
	err := c.status(u)
	err = cache[u]
	if err == nil {
		return nil
	}
	if left <= 0 {
		return err
	}
	time.Sleep(time.Second)
	return c.overwritten(cache, u, left-1)
}

// --- counted up, after an answer whose status asks for another attempt ---

// retryStatus answers whether resp asks for another attempt: a 429 or a
// 5xx.
func retryStatus(resp *http.Response) bool {
	return resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= http.StatusInternalServerError
}

// runUp counts its attempts up to a bound and goes again on a status the
// predicate retries, sending through the function it is handed (cohere's
// Retrier.run).
func (c *client) runUp(send func(*http.Request) (*http.Response, error), req *http.Request, attempt, most int) (*http.Response, error) {
	if attempt >= most {
		return nil, errBusy
	}
	resp, err := send(req)
	if err != nil {
		return nil, err
	}
	if retryStatus(resp) {
		resp.Body.Close()
		time.Sleep(c.backoff << attempt) // want `^recursive retry waits a deterministic duration \(c.backoff << attempt\) between attempts`
		return c.runUp(send, req, attempt+1, most)
	}
	return resp, nil
}

// sendCase goes again in a case of a switch on the status that lists only
// statuses to retry, taking one more off its sequence after n++.
func (c *client) sendCase(u string, n, most int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return nil
	case http.StatusBadGateway, http.StatusServiceUnavailable:
		if n < most {
			n++
			time.Sleep(time.Second) // want `^recursive retry waits a fixed 1s between attempts`
			return c.sendCase(u, n, most)
		}
	}
	return errBusy
}

// statusAbove tests the status itself.
func (c *client) statusAbove(u string, left int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 && left > 0 {
		time.Sleep(2 * time.Second) // want `^recursive retry waits a fixed 2s between attempts`
		return c.statusAbove(u, left-1)
	}
	return nil
}

// retryAfterCapped waits what the server asks, capped at a minute: the
// cap bounds the server's pacing and adds no wait of the client's own.
func (c *client) retryAfterCapped(u string, attempt, most int) error {
	if attempt >= most {
		return errBusy
	}
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if retryStatus(resp) {
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		delay := time.Duration(secs) * time.Second
		if delay > time.Minute {
			delay = time.Minute
		}
		time.Sleep(delay)
		return c.retryAfterCapped(u, attempt+1, most)
	}
	return nil
}

// fixedCapped doubles a fixed wait and caps it: still the same for every
// client.
func (c *client) fixedCapped(u string, attempt, most int) error {
	if attempt >= most {
		return errBusy
	}
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if retryStatus(resp) {
		delay := c.backoff << attempt
		if delay > time.Minute {
			delay = time.Minute
		}
		time.Sleep(delay) // want `^recursive retry waits a deterministic duration \(delay\) between attempts`
		return c.fixedCapped(u, attempt+1, most)
	}
	return nil
}

// failedOrUnavailable goes again on an error or a 5xx, tested together.
func (c *client) failedOrUnavailable(u string, attempt, most int) error {
	resp, err := c.hc.Get(u)
	if err != nil || resp.StatusCode >= 500 {
		if attempt < most {
			time.Sleep(3 * time.Second) // want `^recursive retry waits a fixed 3s between attempts`
			return c.failedOrUnavailable(u, attempt+1, most)
		}
		return errBusy
	}
	return resp.Body.Close()
}

// stepsBoth adds one to its count on one path and takes one off before
// the call: the count down makes it a retry.
func (c *client) stepsBoth(u string, n int) error {
	if u == "" {
		n++
	}
	if err := c.status(u); err != nil {
		time.Sleep(4 * time.Second) // want `^recursive retry waits a fixed 4s between attempts`
		n--
		return c.stepsBoth(u, n)
	}
	return nil
}

// retryAfterFloored waits what the server asks, but at least 2s: when the
// server sends no Retry-After, every client waits exactly the floor.
func (c *client) retryAfterFloored(u string, attempt, most int) error {
	if attempt >= most {
		return errBusy
	}
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if retryStatus(resp) {
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		delay := time.Duration(secs) * time.Second
		if delay < 2*time.Second {
			delay = 2 * time.Second
		}
		time.Sleep(delay) // want `^recursive retry waits a deterministic duration \(delay\) between attempts when the server sends no Retry-After`
		return c.retryAfterFloored(u, attempt+1, most)
	}
	return nil
}

// limits holds the most a wait may be.
type limits struct{ maxDelay time.Duration }

// retryAfterFieldCap caps the server's wait with a field: still the
// server's.
func (c *client) retryAfterFieldCap(l *limits, u string, attempt, most int) error {
	if attempt >= most {
		return errBusy
	}
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if retryStatus(resp) {
		secs, _ := strconv.Atoi(resp.Header.Get("Retry-After"))
		delay := time.Duration(secs) * time.Second
		if delay > l.maxDelay {
			delay = l.maxDelay
		}
		time.Sleep(delay)
		return c.retryAfterFieldCap(l, u, attempt+1, most)
	}
	return nil
}

// --- counted up, not reported ---

// A redirect tested by range is no failure either.
func (c *client) followRange(u string, depth int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 && resp.StatusCode < 400 && depth < 10 {
		time.Sleep(time.Second)
		return c.followRange(resp.Header.Get("Location"), depth+1)
	}
	return nil
}

// A job still running answers 202, which != 200 lets through: a poll.
func (c *client) untilDone(u string, polls, most int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK && polls < most {
		time.Sleep(time.Second)
		return c.untilDone(u, polls+1, most)
	}
	return nil
}

// A comparison that only decides what to log bounds nothing: the count
// is a depth.
func (c *client) logged(u string, depth int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if depth > 0 {
		println("retry", depth)
	}
	if retryStatus(resp) {
		time.Sleep(time.Second)
		return c.logged(u, depth+1)
	}
	return nil
}

// The wait is in a branch that returns: the retry after it does not wait.
func (c *client) waitOtherPath(u string, attempt, most int) error {
	if attempt >= most {
		return errBusy
	}
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		time.Sleep(time.Minute)
		return errBusy
	}
	if retryStatus(resp) {
		return c.waitOtherPath(u, attempt+1, most)
	}
	return nil
}

// A redirect followed one level deeper is no failure: its count is a
// depth.
func (c *client) follow(u string, depth int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound:
		if depth < 10 {
			time.Sleep(time.Second)
			return c.follow(resp.Header.Get("Location"), depth+1)
		}
	}
	return nil
}

// A 404 polled until the resource appears is no status that asks for
// another attempt.
func (c *client) untilFound(u string, n, most int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusNotFound:
		if n < most {
			time.Sleep(time.Second)
			return c.untilFound(u, n+1, most)
		}
	}
	return nil
}

// A predicate that holds on success picks the next page, not a retry.
func accepted(resp *http.Response) bool { return resp.StatusCode < 300 }

func (c *client) nextPage(u string, page, pages int) error {
	if page >= pages {
		return nil
	}
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if accepted(resp) {
		time.Sleep(time.Second)
		return c.nextPage(u, page+1, pages)
	}
	return errBusy
}

// A count up that nothing compares is a depth, not a budget of attempts.
func (c *client) deeper(u string, depth int) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if retryStatus(resp) {
		time.Sleep(time.Second)
		return c.deeper(u, depth+1)
	}
	return nil
}

// A function handed to the retry that is not shaped like a send may do
// anything, local work included.
func (c *client) runLocal(work func(string) (*http.Response, error), s string, attempt, most int) error {
	if attempt >= most {
		return errBusy
	}
	resp, err := work(s)
	if err != nil {
		return err
	}
	if retryStatus(resp) {
		time.Sleep(time.Second)
		return c.runLocal(work, s, attempt+1, most)
	}
	return nil
}
