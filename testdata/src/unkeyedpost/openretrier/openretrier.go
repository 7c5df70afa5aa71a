// Package openretrier holds exported functions that send again whatever
// request they are handed: the caller's method decides whether a retry can
// apply a write twice, and the callers are out of sight.
package openretrier

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Doer is what a generated API client sends its requests through.
type Doer interface {
	Do(req *http.Request) (*http.Response, error) // want Do:`retried by a retry loop in openretrier\.\(\*Nodes\)\.Do \(an unknown number of attempts\)`
}

// Nodes replays a request to the next node after a transport error or a
// 5xx, as typesense-go's APICall.Do does.
type Nodes struct {
	client  Doer
	urls    []string
	next    int
	retries int
}

func (n *Nodes) nextURL() string {
	n.next = (n.next + 1) % len(n.urls)
	return n.urls[n.next]
}

func (n *Nodes) Do(req *http.Request) (*http.Response, error) { // want Do:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Nodes\)\.Do \(.*\)\)`
	var body []byte
	if req.GetBody != nil {
		rc, err := req.GetBody()
		if err != nil {
			return nil, err
		}
		body, err = io.ReadAll(rc)
		if err != nil {
			return nil, err
		}
	}
	var resp *http.Response
	var err error
	for try := 0; try < n.retries; try++ { // want `this retry loop \(.*\) in \(\*Nodes\)\.Do sends again any request it is handed, whatever its method and whether or not it carries an Idempotency-Key: for a POST or PATCH, a timed-out attempt`
		req.URL.Host = n.nextURL()
		if body != nil {
			req.Body = io.NopCloser(bytes.NewReader(body))
		}
		resp, err = n.client.Do(req)
		if err != nil || resp.StatusCode >= 500 {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		return resp, nil
	}
	return resp, err
}

// Retrying sends through an http.Client and rewinds the body with GetBody.
type Retrying struct {
	hc *http.Client
}

// Send is called by GetsOnly, in this package: the requests it is handed
// are judged where it is called (a GET there), and its loop is quiet.
func (r *Retrying) Send(req *http.Request) (*http.Response, error) { // want Send:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Retrying\)\.Send \(up to 4 attempts\)\)`
	for attempt := 0; ; attempt++ {
		resp, err := r.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if attempt == 3 {
			return resp, err
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Second << attempt)
	}
}

// IdempotentOnly retries only the methods that are safe to repeat: a POST
// leaves the loop after its first failure.
func (r *Retrying) IdempotentOnly(req *http.Request) (*http.Response, error) { // want IdempotentOnly:`sends\(request arg 0\)`
	for attempt := 0; ; attempt++ {
		resp, err := r.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if attempt == 3 || req.Method == http.MethodPost || req.Method == http.MethodPatch {
			return resp, err
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Second << attempt)
	}
}

// GetsOnly sends anything but a GET once, and a GET through Send.
func (r *Retrying) GetsOnly(req *http.Request) (*http.Response, error) { // want GetsOnly:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Retrying\)\.Send \(up to 4 attempts\)\)`
	if req.Method != http.MethodGet {
		return r.hc.Do(req)
	}
	return r.Send(req)
}

// MethodFirst sends anything but a GET once, before its loop.
func (r *Retrying) MethodFirst(req *http.Request) (*http.Response, error) { // want MethodFirst:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Retrying\)\.MethodFirst \(up to 4 attempts\)\)`
	if req.Method != http.MethodGet {
		return r.hc.Do(req)
	}
	for attempt := 0; ; attempt++ {
		resp, err := r.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if attempt == 3 {
			return resp, err
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Second << attempt)
	}
}

// ReplayableOnly hands the request to a test before the loop.
func (r *Retrying) ReplayableOnly(req *http.Request) (*http.Response, error) { // want ReplayableOnly:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Retrying\)\.ReplayableOnly \(up to 4 attempts\)\)`
	if !replayable(req) {
		return r.hc.Do(req)
	}
	for attempt := 0; ; attempt++ {
		resp, err := r.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if attempt == 3 {
			return resp, err
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Second << attempt)
	}
}

func replayable(req *http.Request) bool {
	return req.Method == http.MethodGet || req.Header.Get("Idempotency-Key") != ""
}

// Keyed sets a key on every request it retries.
func (r *Retrying) Keyed(req *http.Request, key string) (*http.Response, error) { // want Keyed:`sends\(request arg 0, key arg 1, retried by a retry loop in openretrier\.\(\*Retrying\)\.Keyed \(up to 4 attempts\)\)` Keyed:`keyparams\[1\]`
	req.Header.Set("Idempotency-Key", key)
	for attempt := 0; ; attempt++ {
		resp, err := r.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if attempt == 3 {
			return resp, err
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Second << attempt)
	}
}

// Throttled sends a request again only after a 429: the server refused it.
func (r *Retrying) Throttled(req *http.Request) (*http.Response, error) { // want Throttled:`sends\(request arg 0\)`
	for attempt := 0; ; attempt++ {
		resp, err := r.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests || attempt == 3 {
			return resp, nil
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Second << attempt)
	}
}

// Drained sends the same request again without rewinding its body: a POST
// with a body is refused on its second attempt, not applied twice.
func (r *Retrying) Drained(req *http.Request) (*http.Response, error) { // want Drained:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Retrying\)\.Drained \(up to 3 attempts\)\)`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := r.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// send is unexported: every caller is in sight, and the requests they hand
// it are judged at their calls.
func (r *Retrying) send(req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := r.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, errors.Join(lastErr, errors.New("gave up"))
}

// Exec retries the requests of this package's calls, reported where they
// are: Publish hands it one POST.
func (r *Retrying) Exec(req *http.Request) (*http.Response, error) { // want Exec:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Retrying\)\.Exec \(up to 3 attempts\)\)`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := r.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// Publish posts an event through Exec.
func (r *Retrying) Publish(url string, event []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(event)) // want `POST is retried by a retry loop in openretrier\.\(\*Retrying\)\.Exec \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return nil, err
	}
	return r.Exec(req)
}

// Fetch hands send a GET.
func (r *Retrying) Fetch(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return r.send(req)
}

// Config holds one request and how to send it, as the Stainless SDKs'
// RequestConfig does: the service methods build it with their method and
// call Execute.
type Config struct {
	Request     *http.Request
	Previous    *http.Request
	HTTPClient  *http.Client
	Doer        Doer
	Middlewares []func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error)
	MaxRetries  int
}

func wrap(m func(*http.Request, func(*http.Request) (*http.Response, error)) (*http.Response, error),
	next func(*http.Request) (*http.Response, error)) func(*http.Request) (*http.Response, error) {
	return func(req *http.Request) (*http.Response, error) { return m(req, next) }
}

func shouldRetry(res *http.Response) bool {
	return res == nil || res.StatusCode == http.StatusConflict || res.StatusCode >= 500
}

// Execute sends a clone of the config's request, again after a connection
// error, a 409 or a 5xx, through a handler the options may wrap.
func (cfg *Config) Execute(ctx context.Context) (*http.Response, error) {
	handler := cfg.HTTPClient.Do
	if cfg.Doer != nil {
		handler = cfg.Doer.Do
	}
	for i := len(cfg.Middlewares) - 1; i >= 0; i-- {
		handler = wrap(cfg.Middlewares[i], handler)
	}
	countRetries := cfg.Request.Header.Get("X-Retry-Count") == "0"
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ { // want `this retry loop \(.*\) in \(\*Config\)\.Execute sends again any request it is handed, whatever its method`
		req := cfg.Request.Clone(ctx)
		if countRetries {
			req.Header.Set("X-Retry-Count", fmt.Sprint(retry))
		}
		res, err = handler(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// ExecuteKeyedOnly retries a write only when the caller gave it a key.
func (cfg *Config) ExecuteKeyedOnly(ctx context.Context) (*http.Response, error) {
	keyed := cfg.Request.Header.Get("Idempotency-Key") != ""
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries || !keyed {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// ExecuteSigned sends through a function literal that may set headers of
// its own: out of sight of the analysis, it is not taken for a send.
func (cfg *Config) ExecuteSigned(ctx context.Context, sign func(*http.Request)) (*http.Response, error) {
	handler := func(req *http.Request) (*http.Response, error) {
		sign(req)
		return cfg.HTTPClient.Do(req)
	}
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = handler(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// ExecuteReads retries only when the config's request is a GET.
func (cfg *Config) ExecuteReads(ctx context.Context) (*http.Response, error) {
	attempts := 1
	if cfg.Request.Method == http.MethodGet {
		attempts += cfg.MaxRetries
	}
	var res *http.Response
	var err error
	for retry := 0; retry < attempts; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req)
		if !shouldRetry(res) {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

func (cfg *Config) doKeyed(req *http.Request) (*http.Response, error) {
	req.Header.Set("Idempotency-Key", "order-42")
	return cfg.HTTPClient.Do(req)
}

func keying(next func(*http.Request) (*http.Response, error)) func(*http.Request) (*http.Response, error) {
	return func(req *http.Request) (*http.Response, error) {
		req.Header.Set("Idempotency-Key", "order-42")
		return next(req)
	}
}

// ExecuteOwnMethod sends through a method of this package, which sets a
// key: a local handler holding it is not taken for a send out of sight.
func (cfg *Config) ExecuteOwnMethod(ctx context.Context) (*http.Response, error) {
	handler := cfg.doKeyed
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = handler(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// ExecuteKeying wraps its handler in a function of this package that sets
// a key.
func (cfg *Config) ExecuteKeying(ctx context.Context) (*http.Response, error) {
	handler := cfg.HTTPClient.Do
	handler = keying(handler)
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = handler(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// ExecuteSwitch retries only the methods a switch in its loop lets round.
func (cfg *Config) ExecuteSwitch(ctx context.Context) (*http.Response, error) {
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		switch cfg.Request.Method {
		case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete:
		default:
			return res, err
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

func idempotent(req *http.Request) bool {
	return req.Method != http.MethodPost && req.Method != http.MethodPatch
}

// ExecuteIdempotent asks a predicate of this package, before the loop,
// whether a failure may be retried.
func (cfg *Config) ExecuteIdempotent(ctx context.Context) (*http.Response, error) {
	retryable := idempotent(cfg.Request)
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req)
		if !retryable || !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// HandlerFunc is a handler type of the package's own.
type HandlerFunc func(*http.Request) (*http.Response, error)

// ExecuteConverted sends through a function literal converted to a handler
// type: it may set a key.
func (cfg *Config) ExecuteConverted(ctx context.Context) (*http.Response, error) {
	handler := HandlerFunc(func(req *http.Request) (*http.Response, error) {
		req.Header.Set("Idempotency-Key", "order-42")
		return cfg.HTTPClient.Do(req)
	})
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = handler(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

func withHeaders(h http.Header, next func(*http.Request) (*http.Response, error)) func(*http.Request) (*http.Response, error) {
	return func(req *http.Request) (*http.Response, error) {
		req.Header = h.Clone()
		return next(req)
	}
}

// ExecuteHeaders wraps its handler in one that replaces the header map,
// which may hold a key.
func (cfg *Config) ExecuteHeaders(ctx context.Context, h http.Header) (*http.Response, error) {
	handler := cfg.HTTPClient.Do
	handler = withHeaders(h, handler)
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = handler(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// ExecuteKeyedClone sets a key on every clone it sends.
func (cfg *Config) ExecuteKeyedClone(ctx context.Context, key string) (*http.Response, error) { // want ExecuteKeyedClone:`keyparams\[1\]`
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		req.Header.Set("Idempotency-Key", key)
		res, err = cfg.HTTPClient.Do(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			if cfg.Request.Body, err = cfg.Request.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// ExecuteOtherBody rewinds another request's body, not the one it sends:
// its POST with a body is refused on the second attempt.
func (cfg *Config) ExecuteOtherBody(ctx context.Context) (*http.Response, error) {
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req)
		if !shouldRetry(res) || retry == cfg.MaxRetries {
			break
		}
		if cfg.Previous.GetBody != nil {
			if cfg.Previous.Body, err = cfg.Previous.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry+1) * time.Second)
	}
	return res, err
}

// retrying's methods are reached only through this package, whose calls
// are judged where they are.
type retrying struct {
	hc *http.Client
}

func (r *retrying) Send(req *http.Request) (*http.Response, error) { // want Send:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*retrying\)\.Send \(up to 4 attempts\)\)`
	for attempt := 0; ; attempt++ {
		resp, err := r.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if attempt == 3 {
			return resp, err
		}
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Second << attempt)
	}
}

// Relay is handed a POST by a test of this package (openretrier_test.go):
// the report is not at the test's call, so it stays at the loop.
func (r *Retrying) Relay(req *http.Request) (*http.Response, error) { // want Relay:`sends\(request arg 0, retried by a retry loop in openretrier\.\(\*Retrying\)\.Relay \(up to 3 attempts\)\)`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want `this retry loop \(up to 3 attempts\) in \(\*Retrying\)\.Relay sends again any request it is handed`
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			req.Body = body
		}
		resp, err := r.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}
