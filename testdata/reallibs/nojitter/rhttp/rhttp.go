// Package rhttp holds go-retryablehttp clients with and without jitter (the
// same cases as testdata/src/nojitter/rhttp, against the real library).
package rhttp

import (
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

func defaults() *http.Client {
	c := retryablehttp.NewClient() // want `retryablehttp client retries with DefaultBackoff, which has no jitter: clients that failed together retry together; use retryablehttp.LinearJitterBackoff`
	c.RetryMax = 3
	return c.StandardClient()
}

func explicitDefault() *http.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.DefaultBackoff // want `retryablehttp client retries with DefaultBackoff`
	return c.StandardClient()
}

func literal() *retryablehttp.Client {
	return &retryablehttp.Client{RetryMax: 2, Backoff: retryablehttp.DefaultBackoff} // want `retryablehttp client retries with DefaultBackoff`
}

// --- not reported ---

func jittered() *http.Client {
	c := retryablehttp.NewClient()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c.StandardClient()
}

func noRetries() *http.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	return c.StandardClient()
}

// The caller may configure it.
func escapes() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	return c
}

func literalNoRetries() *retryablehttp.Client {
	return &retryablehttp.Client{Backoff: retryablehttp.DefaultBackoff}
}
