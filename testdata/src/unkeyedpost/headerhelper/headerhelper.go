// Package headerhelper is a REST client shaped like PagerDuty's: its retry
// loop builds the request with the method it is given on every attempt and
// hands it to a sender that sets each of the caller's headers on it before
// it sends it; the service functions give the method and the headers.
package headerhelper

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"unkeyedpost/headerhelper/auth"
)

type Client struct {
	HTTPClient *http.Client
	token      *auth.Token
	debug      bool
	last       *http.Request
	endpoint   string
	maxRetries int
}

// WithRetries turns retries on, as PagerDuty's WithRetryPolicy does.
func WithRetries(n int) func(*Client) {
	return func(c *Client) { c.maxRetries = n }
}

func (c *Client) doWithEndpoint(ctx context.Context, method, path string, payload []byte, headers map[string]string) (*http.Response, error) {
	var resp *http.Response
	var respErr error
	for attempt := 0; ; attempt++ { // want `this retry loop \(an unknown number of attempts\) re-sends the POST requests made at 3 places in this package \(headerhelper\.go:172, headerhelper\.go:176, user\.go:8\) and handed to it, without an Idempotency-Key`
		var body io.Reader
		if payload != nil {
			body = bytes.NewReader(payload)
		}
		req, err := http.NewRequestWithContext(ctx, method, c.endpoint+path, body)
		if err != nil {
			return nil, err
		}
		resp, respErr = c.doSingleRequest(req, headers)
		retry, delay := c.shouldRetry(resp, respErr, attempt)
		if !retry {
			break
		}
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return resp, respErr
}

// doSingleRequest has the caller's headers set on req, signs it, keeps a
// copy when debugging, and sends it: the key, if any, is the caller's.
func (c *Client) doSingleRequest(req *http.Request, headers map[string]string) (*http.Response, error) {
	c.prepRequest(req, headers)
	if c.token != nil {
		c.token.SetAuthHeader(req)
	}
	if c.debug {
		c.last = dupeRequest(req)
	}
	resp, err := c.HTTPClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("calling the API: %w", err)
	}
	return resp, nil
}

// prepRequest sets the caller's headers on req.
func (c *Client) prepRequest(req *http.Request, headers map[string]string) {
	req.Header.Set("Accept", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
}

// dupeRequest copies req for debugging: the copy's headers are its own.
func dupeRequest(r *http.Request) *http.Request {
	dreq := r.Clone(r.Context())
	dreq.Header.Set("X-Debug", "1")
	return dreq
}

// upload sends what it is given until it succeeds, through a sender that
// sets the caller's headers itself.
func (c *Client) upload(ctx context.Context, path string, body []byte, headers map[string]string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+path, bytes.NewReader(body))
		if err != nil {
			return err
		}
		if _, err = c.send(req, headers); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("upload failed")
}

// send sets the caller's headers on req and sends it.
func (c *Client) send(req *http.Request, headers map[string]string) (*http.Response, error) {
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return c.HTTPClient.Do(req)
}

// stamped hands the request to a function of another package that sets a
// header it is told the name of: that may be a key.
func (c *Client) stamped(ctx context.Context, name, value string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/stamps", nil)
		if err != nil {
			return err
		}
		auth.Stamp(req, name, value)
		if _, err = c.HTTPClient.Do(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("stamp failed")
}

func (c *Client) Upload(ctx context.Context, body []byte) error {
	return c.upload(ctx, "/uploads", body, map[string]string{"Content-Type": "text/csv"}) // want `POST sent by \(\*Client\)\.upload is retried by a retry loop in headerhelper\.\(\*Client\)\.upload \(up to 3 attempts\) without an Idempotency-Key`
}

func (c *Client) UploadOnce(ctx context.Context, body []byte, key string) error {
	return c.upload(ctx, "/uploads", body, map[string]string{"Idempotency-Key": key})
}

func (c *Client) Stamp(ctx context.Context, name, value string) error {
	return c.stamped(ctx, name, value)
}

// shouldRetry says whether to go again, and after how long: the server's
// rate-limit reset when it gives one.
func (c *Client) shouldRetry(resp *http.Response, err error, attempt int) (bool, time.Duration) {
	if attempt >= c.maxRetries {
		return false, 0
	}
	if err != nil || resp.StatusCode >= 500 {
		return true, time.Second << attempt
	} else if resp.StatusCode == http.StatusTooManyRequests {
		reset := resp.Header.Get("ratelimit-reset")
		if seconds, err := strconv.Atoi(reset); err == nil {
			return true, time.Duration(seconds) * time.Second
		}
		return true, time.Second << attempt
	}
	return false, 0
}

func (c *Client) post(ctx context.Context, path, payload string, headers map[string]string) (*http.Response, error) {
	return c.doWithEndpoint(ctx, http.MethodPost, path, []byte(payload), headers)
}

func (c *Client) get(ctx context.Context, path string, headers map[string]string) (*http.Response, error) {
	return c.doWithEndpoint(ctx, http.MethodGet, path, nil, headers)
}

func (c *Client) CreateIncident(ctx context.Context, from, payload string) (*http.Response, error) {
	return c.post(ctx, "/incidents", payload, map[string]string{"From": from}) // counted at the loop
}

func (c *Client) CreateNote(ctx context.Context, id, payload string) (*http.Response, error) {
	return c.post(ctx, "/incidents/"+id+"/notes", payload, nil) // counted at the loop
}

// CreateIncidentOnce keys the POST: the sender sets the caller's key on
// every attempt.
func (c *Client) CreateIncidentOnce(ctx context.Context, key, payload string) (*http.Response, error) {
	return c.post(ctx, "/incidents", payload, map[string]string{"Idempotency-Key": key})
}

// CreateWith hands on its own caller's headers, which may hold a key.
func (c *Client) CreateWith(ctx context.Context, payload string, headers map[string]string) (*http.Response, error) { // want CreateWith:`sends\(POST, headers arg 2, body arg 1, retried by a retry loop in headerhelper\.\(\*Client\)\.doWithEndpoint`
	return c.post(ctx, "/incidents", payload, headers)
}

// CreateFrom hands on headers it gets from elsewhere: they may hold a key.
func (c *Client) CreateFrom(ctx context.Context, payload string, headers func() map[string]string) (*http.Response, error) {
	return c.post(ctx, "/incidents", payload, headers())
}

// ListIncidents is a GET: safe to repeat.
func (c *Client) ListIncidents(ctx context.Context) (*http.Response, error) {
	return c.get(ctx, "/incidents", map[string]string{"From": "me"})
}

// doDrained rebuilds its request on every attempt over the one reader it is
// given, as PagerDuty's doWithEndpoint does: the first attempt reads it to
// its end, so a retry sends an empty body and cannot apply the POST twice.
func (c *Client) doDrained(ctx context.Context, body io.Reader) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/events", body)
		if err != nil {
			return nil, err
		}
		if resp, err := c.HTTPClient.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// doRewound rewinds the reader it is given before each attempt: every
// attempt sends the whole body.
func (c *Client) doRewound(ctx context.Context, body io.ReadSeeker) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		if _, err := body.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/events", body) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return nil, err
		}
		if resp, err := c.HTTPClient.Do(req); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// tryThenRetry sends once, then again while the answer fails, through the
// same sender given the same headers both times.
func (c *Client) tryThenRetry(ctx context.Context, path string, headers map[string]string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+path, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.send(req, headers)
	for i := 0; i < 3 && err != nil; i++ {
		time.Sleep(time.Second)
		resp, err = c.send(req, headers)
	}
	return resp, err
}

func (c *Client) Ping(ctx context.Context) (*http.Response, error) {
	return c.tryThenRetry(ctx, "/pings", nil) // want `POST sent by \(\*Client\)\.tryThenRetry is retried by a retry loop in headerhelper\.\(\*Client\)\.tryThenRetry \(up to 3 attempts\) without an Idempotency-Key`
}

// sendKeyed writes the key it is given into its caller's map before it
// sets the map's headers: the key is its own, whatever the map held.
func (c *Client) sendKeyed(req *http.Request, headers map[string]string, key string) (*http.Response, error) {
	headers["Idempotency-Key"] = key
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	return c.HTTPClient.Do(req)
}

func (c *Client) PostKeyed(ctx context.Context, key string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/keyed", nil)
		if err != nil {
			return nil, err
		}
		if resp, err := c.sendKeyed(req, map[string]string{"From": "me"}, key); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendShallow keys a copy made by WithContext, which shares the request's
// header map: the request it was handed is keyed too (unlike a Clone's).
func (c *Client) sendShallow(req *http.Request, key string) (*http.Response, error) { // want sendShallow:`keyparams\[1\]`
	r := req.WithContext(context.Background())
	r.Header.Set("Idempotency-Key", key)
	return c.HTTPClient.Do(req)
}

func (c *Client) PostShallow(ctx context.Context, key string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/shallow", nil)
		if err != nil {
			return nil, err
		}
		if resp, err := c.sendShallow(req, key); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

type options struct {
	Headers map[string]string
}

// sendOptions writes a key into its caller's options before it sets their
// headers: the key is its own.
func (c *Client) sendOptions(req *http.Request, opts options, key string) (*http.Response, error) {
	opts.Headers["Idempotency-Key"] = key
	for k, v := range opts.Headers {
		req.Header.Set(k, v)
	}
	return c.HTTPClient.Do(req)
}

func (c *Client) PostOptions(ctx context.Context, key string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint+"/options", nil)
		if err != nil {
			return nil, err
		}
		if resp, err := c.sendOptions(req, options{Headers: map[string]string{"From": "me"}}, key); err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}
