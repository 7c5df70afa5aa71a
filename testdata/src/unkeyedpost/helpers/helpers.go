// Package helpers sends its POSTs through helpers of its own: a JSON sender
// that takes the method, a REST caller that takes an options struct, a
// ledger that sends through an httpDoer interface, and a request sender
// that retries by itself. A retry site whose attempt calls one of them with
// POST or PATCH and no key is reported at that call; GET, PUT, a key, or a
// call made once are quiet.
package helpers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

const ordersURL = "https://shop.example/orders"

var errStatus = errors.New("unexpected status")

type order struct {
	ID     string
	Amount int
}

// --- a sender that takes the method ---

// sendJSON sends v as JSON with the method it is given.
func sendJSON(ctx context.Context, c *http.Client, method, url string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %w", method, url, errStatus)
	}
	return nil
}

func postJSON(ctx context.Context, c *http.Client, url string, v any) error {
	return sendJSON(ctx, c, http.MethodPost, url, v)
}

func submit(ctx context.Context, c *http.Client, o order) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = postJSON(ctx, c, ordersURL, o); err == nil { // want `POST sent by postJSON \(through helpers.sendJSON\) is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key: a timed-out attempt may already have been applied, so a retry can apply it twice`
			return nil
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return err
}

func rename(ctx context.Context, c *http.Client, id, name string) error {
	for i := 0; i < 4; i++ {
		err := sendJSON(ctx, c, http.MethodPatch, ordersURL+"/"+id, map[string]string{"name": name}) // want `PATCH sent by sendJSON is retried by a retry loop \(up to 4 attempts\)`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

// createOrder is one more layer: the retry two calls up still sees the POST.
func createOrder(ctx context.Context, c *http.Client, o order) error {
	return postJSON(ctx, c, ordersURL, o)
}

func placeOrder(ctx context.Context, c *http.Client, o order) error {
	return backoff.Retry(func() error {
		return createOrder(ctx, c, o) // want `POST sent by createOrder \(through helpers.sendJSON\) is retried by a retry call`
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// PUT is idempotent: quiet.
func replace(ctx context.Context, c *http.Client, o order) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = sendJSON(ctx, c, http.MethodPut, ordersURL+"/"+o.ID, o); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// One POST per order: a loop over orders is no retry.
func submitAll(ctx context.Context, c *http.Client, orders []order) error {
	for _, o := range orders {
		if err := postJSON(ctx, c, ordersURL, o); err != nil {
			return err
		}
	}
	return nil
}

// The loop retries the token, then posts once and leaves.
func submitAfterToken(ctx context.Context, c *http.Client, o order) error {
	for i := 0; i < 3; i++ {
		if err := sendJSON(ctx, c, http.MethodGet, "https://shop.example/token", nil); err != nil {
			time.Sleep(time.Second)
			continue
		}
		return postJSON(ctx, c, ordersURL, o)
	}
	return errStatus
}

// The method comes from the caller: retried here, decided there.
func retrySend(ctx context.Context, c *http.Client, method, url string, v any) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = sendJSON(ctx, c, method, url, v); err == nil {
			return nil
		}
		time.Sleep(time.Second << attempt)
	}
	return err
}

func cancelOrder(ctx context.Context, c *http.Client, id string) error {
	return retrySend(ctx, c, http.MethodPost, ordersURL+"/"+id+"/cancel", nil) // want `POST sent by retrySend \(through helpers.sendJSON\) is retried by a retry loop in helpers.retrySend \(up to 3 attempts\)`
}

func fetchOrder(ctx context.Context, c *http.Client, id string) error {
	return retrySend(ctx, c, http.MethodGet, ordersURL+"/"+id, nil)
}

// --- a key the helper takes, or makes ---

func postKeyed(ctx context.Context, c *http.Client, url, key string, body io.Reader) error { // want postKeyed:`keyparams\[3\]`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The key is made once, before the loop: quiet.
func pay(ctx context.Context, c *http.Client, amount int) error {
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		if err = postKeyed(ctx, c, "https://pay.example/charges", key, strings.NewReader(fmt.Sprint(amount))); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// postWithNewKey makes a key on every call.
func postWithNewKey(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func payout(ctx context.Context, c *http.Client) error {
	return backoff.Retry(func() error {
		return postWithNewKey(ctx, c, "https://pay.example/payouts") // want `idempotency key is made anew by postWithNewKey on every call, so each attempt of a retry call \(.*\) sends a new one: the server sees each retry as a new operation; make the key once before the retry and pass it in`
	}, backoff.NewExponentialBackOff())
}

// postRetrying makes its key once and retries with it: called once, quiet.
func postRetrying(ctx context.Context, c *http.Client, url string) error {
	key := uuid.NewString()
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := c.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

func transfer(ctx context.Context, c *http.Client) error {
	return postRetrying(ctx, c, "https://pay.example/transfers")
}

// --- a REST caller that takes an options struct ---

// Opts describes one call of the REST API.
type Opts struct {
	Method  string
	Path    string
	Headers map[string]string
	Body    io.Reader
}

type rest struct {
	base string
	hc   *http.Client
}

func (r *rest) call(ctx context.Context, opts *Opts) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, opts.Method, r.base+opts.Path, opts.Body)
	if err != nil {
		return nil, err
	}
	for k, v := range opts.Headers {
		req.Header.Set(k, v)
	}
	return r.hc.Do(req)
}

func (r *rest) createInvoice(ctx context.Context, customer string) error {
	opts := Opts{Method: http.MethodPost, Path: "/invoices", Body: strings.NewReader(customer)}
	var resp *http.Response
	err := backoff.Retry(func() error {
		var err error
		resp, err = r.call(ctx, &opts) // want `POST sent by \(\*rest\).call is retried by a retry call`
		return err
	}, backoff.NewExponentialBackOff())
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (r *rest) archive(ctx context.Context, id string) error {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := r.call(ctx, &Opts{Method: "PATCH", Path: "/invoices/" + id, Headers: map[string]string{"Content-Type": "application/json"}}) // want `PATCH sent by \(\*rest\).call is retried by a retry loop \(up to 5 attempts\)`
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

// A key in the headers, made once: quiet.
func (r *rest) refund(ctx context.Context, charge string) error {
	key := uuid.NewString()
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := r.call(ctx, &Opts{Method: http.MethodPost, Path: "/refunds/" + charge, Headers: map[string]string{"Idempotency-Key": key}})
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

// Headers from elsewhere may carry a key: quiet.
func (r *rest) forward(ctx context.Context, hdr map[string]string) error {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := r.call(ctx, &Opts{Method: http.MethodPost, Path: "/forward", Headers: hdr})
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

// A GET, and options handed to other code first: quiet.
func (r *rest) invoices(ctx context.Context) error {
	opts := &Opts{Method: http.MethodPost, Path: "/invoices/search"}
	sign(opts)
	for attempt := 0; attempt < 5; attempt++ {
		if resp, err := r.call(ctx, &Opts{Method: http.MethodGet, Path: "/invoices"}); err == nil {
			resp.Body.Close()
			break
		}
		if resp, err := r.call(ctx, opts); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

func sign(o *Opts) { o.Headers = map[string]string{"Authorization": "Bearer t"} }

// --- a Do on an interface ---

type httpDoer interface {
	Do(*http.Request) (*http.Response, error) // want Do:`retried by a retry loop in helpers.\(\*ledger\).do \(up to 3 attempts\)`
}

type ledger struct {
	doer httpDoer
	base string
}

func (l *ledger) append(ctx context.Context, entry string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.base+"/entries", strings.NewReader(entry))
	if err != nil {
		return err
	}
	resp, err := l.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (l *ledger) record(ctx context.Context, entry string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = l.append(ctx, entry); err == nil { // want `POST sent by \(\*ledger\).append is retried by a retry loop \(up to 3 attempts\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// do sends req, again on a 5xx, up to 3 times.
func (l *ledger) do(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = l.doer.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// The request is built once and handed to do, which sends it again.
func (l *ledger) close(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.base+"/accounts/"+id+"/close", nil) // want `POST is retried by a retry loop in helpers.\(\*ledger\).do \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	resp, err := l.do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (l *ledger) balance(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, l.base+"/accounts/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := l.do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- a POST far from the retry ---

// syncOrder wraps createOrder: the POST is decided two calls down, and a
// retry of the sync repeats a larger operation of which it is one step.
func syncOrder(ctx context.Context, c *http.Client, o order) error {
	return createOrder(ctx, c, o)
}

func syncUntilDone(ctx context.Context, c *http.Client, o order) error {
	for i := 0; i < 3; i++ {
		if err := syncOrder(ctx, c, o); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

// joinAny asks each peer in turn, once: a POST per peer, not a retry.
func joinAny(ctx context.Context, c *http.Client, peers []string) bool {
	for _, p := range peers {
		if err := postJSON(ctx, c, p+"/join", "node-1"); err == nil {
			return true
		}
	}
	return false
}

func joinCluster(ctx context.Context, c *http.Client, peers []string) error {
	for attempt := 0; attempt < 10; attempt++ {
		if joinAny(ctx, c, peers) {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errStatus
}

// --- a loop that follows an answer ---

// redirectError names the node to ask instead.
type redirectError struct{ to string }

func (e redirectError) Error() string { return "ask " + e.to }

func checkLocal(leader string) error {
	if leader != "" {
		return redirectError{to: leader}
	}
	return nil
}

// The loop goes around only on a redirect, which nothing in its attempt
// makes (cancel returns nothing): a POST that fails leaves the loop.
func apply(ctx context.Context, c *http.Client, leader string, cmd order) error {
	err := checkLocal(leader)
	var re redirectError
	for errors.As(err, &re) {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err = postJSON(ctx, c, "https://"+re.to+"/apply", cmd)
		cancel()
	}
	return err
}

// postOrRedirect answers a failed POST with a redirect: the loop that
// follows redirects sends it again.
func postOrRedirect(ctx context.Context, c *http.Client, url string, v any) error {
	if err := postJSON(ctx, c, url, v); err != nil {
		return redirectError{to: "backup.shop.example"}
	}
	return nil
}

func applyAnywhere(ctx context.Context, c *http.Client, cmd order) error {
	err := postOrRedirect(ctx, c, "https://primary.shop.example/apply", cmd)
	var re redirectError
	for errors.As(err, &re) {
		err = postOrRedirect(ctx, c, "https://"+re.to+"/apply", cmd) // want `POST sent by postOrRedirect \(through helpers.sendJSON\) is retried by a retry loop`
	}
	return err
}

// notifyAll posts to each subscriber once: a retry of it repeats a batch,
// of which each POST is one step.
func notifyAll(c *http.Client, subscribers []string) error {
	for _, s := range subscribers {
		resp, err := c.Post(s, "text/plain", nil)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

func broadcast(c *http.Client, subscribers []string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = notifyAll(c, subscribers); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
