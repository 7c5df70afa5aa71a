package retryablehttp

import (
	"context"
	"log"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// RetryMax 3 (4 attempts) of the HTTPClient's 2s Timeout, and waits up to
// 100ms, 200ms and 400ms, inside the request's 5s deadline: 2 attempts
// (4.1s) fit.
func Fetch(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	c.RetryWaitMin = 100 * time.Millisecond
	c.RetryWaitMax = time.Second
	c.HTTPClient.Timeout = 2 * time.Second
	c.Logger = log.Default()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req) // want `4 attempts x 2s \+ waits up to 100ms, 200ms and 400ms = 8\.7s, over the 5s deadline: the third attempt cannot finish; 2 attempts fit`
}

// NewClient's 4 retries and waits of 1s, 2s, 4s and 8s (capped at 30s),
// the HTTPClient a literal: no RetryMax to lower, so no fix.
func Defaults(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c := retryablehttp.NewClient()
	c.HTTPClient = &http.Client{Timeout: 3 * time.Second}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req) // want `5 attempts x 3s \+ waits up to 1s, 2s, 4s and 8s = 30s, over the 10s deadline: the third attempt cannot finish; 2 attempts fit`
}

// Fits: 3 attempts of 1s and waits of 100ms and 200ms within 5s.
func Fits(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	c.RetryWaitMin = 100 * time.Millisecond
	c.HTTPClient.Timeout = time.Second
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// NewClient's HTTPClient has no Timeout: the deadline bounds every
// attempt.
func NoTimeout(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c := retryablehttp.NewClient()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// A backoff of the caller's: its waits are out of sight.
func CustomBackoff(ctx context.Context, url string, b retryablehttp.Backoff) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c := retryablehttp.NewClient()
	c.Backoff = b
	c.HTTPClient.Timeout = 2 * time.Second
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// The client is the caller's: out of sight.
func Param(ctx context.Context, c *retryablehttp.Client, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// The request's deadline is the caller's: out of sight.
func CallerDeadline(ctx context.Context, url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.HTTPClient.Timeout = 10 * time.Second
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}
