// Package headerhelper is a REST client shaped like PagerDuty's: its retry
// loop builds the request with the method it is given on every attempt and
// hands it to a sender that sets each of the caller's headers on it before
// it sends it; the service functions give the method and the headers.
package headerhelper

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

type Client struct {
	HTTPClient *http.Client
	endpoint   string
	maxRetries int
}

// WithRetries turns retries on, as PagerDuty's WithRetryPolicy does.
func WithRetries(n int) func(*Client) {
	return func(c *Client) { c.maxRetries = n }
}

func (c *Client) doWithEndpoint(ctx context.Context, method, path string, body io.Reader, headers map[string]string) (*http.Response, error) {
	var resp *http.Response
	var respErr error
	for attempt := 0; ; attempt++ {
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

// doSingleRequest sets the caller's headers on req and sends it: the key,
// if any, is the caller's.
func (c *Client) doSingleRequest(req *http.Request, headers map[string]string) (*http.Response, error) {
	req.Header.Set("Accept", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.HTTPClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("calling the API: %w", err)
	}
	return resp, nil
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
	return c.doWithEndpoint(ctx, http.MethodPost, path, strings.NewReader(payload), headers)
}

func (c *Client) get(ctx context.Context, path string, headers map[string]string) (*http.Response, error) {
	return c.doWithEndpoint(ctx, http.MethodGet, path, nil, headers)
}

func (c *Client) CreateIncident(ctx context.Context, from, payload string) (*http.Response, error) {
	return c.post(ctx, "/incidents", payload, map[string]string{"From": from}) // want `POST sent by \(\*Client\)\.post \(through headerhelper\.\(\*Client\)\.doWithEndpoint\) is retried by a retry loop in headerhelper\.\(\*Client\)\.doWithEndpoint \(an unknown number of attempts\) without an Idempotency-Key`
}

func (c *Client) CreateNote(ctx context.Context, id, payload string) (*http.Response, error) {
	return c.post(ctx, "/incidents/"+id+"/notes", payload, nil) // want `POST sent by \(\*Client\)\.post .* without an Idempotency-Key`
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
