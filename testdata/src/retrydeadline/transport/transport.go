// Package transport retries inside one request: a retry.Transport under a
// client's Timeout, which is the deadline of the request's context.
package transport

import (
	"net/http"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// 4 attempts of 1s and waits below 100ms, 200ms and 400ms need 4.7s of a
// 3s Timeout; 2 attempts (2.1s) fit.
var client = &http.Client{ // want `4 attempts x 1s \+ waits up to 100ms, 200ms and 400ms = 4\.7s, over the client's 3s Timeout: the third attempt cannot finish; 2 attempts fit`
	Timeout: 3 * time.Second,
	Transport: &retry.Transport{Policy: retry.Policy{
		MaxAttempts:    4,
		AttemptTimeout: time.Second,
	}},
}

// The default 3 attempts: no literal bound to lower, so no fix.
func Inventory() *http.Client {
	return retry.NewClient(2*time.Second, retry.Policy{AttemptTimeout: 800 * time.Millisecond}) // want `3 attempts x 800ms \+ waits up to 100ms and 200ms = 2\.7s, over the client's 2s Timeout: the third attempt cannot finish; 2 attempts fit`
}

// No timeout given: NewClient's default of 30s.
func Reports() *http.Client {
	p := retry.Policy{MaxAttempts: 5, AttemptTimeout: 10 * time.Second, Backoff: retry.Backoff{Base: time.Second}}
	return retry.NewClient(0, p) // want `5 attempts x 10s \+ waits up to 1s, 2s, 4s and 8s = 1m5s, over the client's 30s Timeout: the third attempt cannot finish; 2 attempts fit`
}

// Fits: 3 x 1s + 100ms + 200ms within 5s.
func Fits() *http.Client {
	return &http.Client{
		Timeout:   5 * time.Second,
		Transport: &retry.Transport{Policy: retry.Policy{MaxAttempts: 3, AttemptTimeout: time.Second}},
	}
}

// No AttemptTimeout: the Timeout bounds every attempt, none is doomed by
// arithmetic.
func NoAttemptTimeout() *http.Client {
	return retry.NewClient(time.Second, retry.Policy{MaxAttempts: 10})
}

// No Timeout: nothing to fit (zerotimeout's concern, not this one's).
func NoTimeout() *http.Client {
	return &http.Client{Transport: &retry.Transport{Policy: retry.Policy{MaxAttempts: 5, AttemptTimeout: time.Minute}}}
}

// The transport is the caller's: out of sight.
func Wrap(t http.RoundTripper) *http.Client {
	return &http.Client{Timeout: time.Second, Transport: t}
}
