// Package roundtrip retries inside RoundTrip methods: each retry runs
// within one request of a client, whose Timeout is the deadline of the
// request's context.
package roundtrip

import (
	"context"
	"net/http"
	"time"
)

// retrying serves only the client below, whose Timeout is 1s: 4 attempts
// of 300ms and waits of 100ms need 1.5s; 2 attempts (700ms) fit.
type retrying struct {
	base http.RoundTripper
}

var client = &http.Client{Timeout: time.Second, Transport: &retrying{base: http.DefaultTransport}}

func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 4; i++ { // want `4 attempts x 300ms \+ waits up to 100ms, 100ms and 100ms = 1\.5s, over the client's 1s Timeout: the third attempt cannot finish; 2 attempts fit`
		ctx, cancel := context.WithTimeout(req.Context(), 300*time.Millisecond)
		defer cancel()
		resp, err := t.base.RoundTrip(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		lastErr = err
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return nil, lastErr
}

// shared serves two clients with different Timeouts: which one a request
// meets is out of sight.
type shared struct {
	base http.RoundTripper
}

var (
	slow = &http.Client{Timeout: time.Minute, Transport: &shared{base: http.DefaultTransport}}
	fast = &http.Client{Timeout: 500 * time.Millisecond, Transport: &shared{base: http.DefaultTransport}}
)

func (t *shared) RoundTrip(req *http.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 4; i++ {
		ctx, cancel := context.WithTimeout(req.Context(), 300*time.Millisecond)
		defer cancel()
		resp, err := t.base.RoundTrip(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Exported may serve any client, with any Timeout or none.
type Exported struct {
	Base http.RoundTripper
}

var withExported = &http.Client{Timeout: time.Second, Transport: &Exported{Base: http.DefaultTransport}}

func (t *Exported) RoundTrip(req *http.Request) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 4; i++ {
		ctx, cancel := context.WithTimeout(req.Context(), 300*time.Millisecond)
		defer cancel()
		resp, err := t.Base.RoundTrip(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}
