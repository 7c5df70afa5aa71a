// Package clone holds an API client, as GitLab's client-go writes it, that
// keeps one retrying client and clones it for a call that brings its own
// retry check: the clone copies the count, so both make the same attempts.
package clone

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

var errGiveUp = errors.New("give up")

// API sends every call through client, made once with RetryMax 5.
type API struct {
	client *retryablehttp.Client
}

// New makes the API client.
func New() *API {
	a := &API{}
	a.client = &retryablehttp.Client{RetryMax: 5, HTTPClient: &http.Client{Timeout: time.Minute}}
	return a
}

// withCheck clones the client with another retry check; the count is copied.
func (a *API) withCheck(check retryablehttp.CheckRetry) *retryablehttp.Client {
	return &retryablehttp.Client{HTTPClient: a.client.HTTPClient, RetryMax: a.client.RetryMax, CheckRetry: check}
}

// do sends req through the shared client, or its clone when the call brings
// a check.
func (a *API) do(req *retryablehttp.Request, check retryablehttp.CheckRetry) (*http.Response, error) {
	client := a.client
	if check != nil {
		client = a.withCheck(check)
	}
	return client.Do(req)
}

// Fetch retries do, which retries by itself: 3 attempts of 6.
func (a *API) Fetch(req *retryablehttp.Request) (*http.Response, error) { // want Fetch:`reaches\(\(\*clone.API\).do -> retryablehttp.Client.Do, up to 18 attempts, runs out with nestedretry/clone.errGiveUp\)`
	for i := 0; i < 3; i++ {
		resp, err := a.do(req, nil) // want `retry loop of up to 3 attempts calls \(\*API\).do -> retryablehttp.Client.Do, which makes up to 6 attempts: up to 18 calls in all`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}

// Tuned clones the client with a count of its caller's: which count a call
// makes is not visible, so the layers are not counted.
type Tuned struct {
	client *retryablehttp.Client
}

// NewTuned makes the client.
func NewTuned() *Tuned {
	t := &Tuned{}
	t.client = &retryablehttp.Client{RetryMax: 5, HTTPClient: &http.Client{Timeout: time.Minute}}
	return t
}

func (t *Tuned) do(req *retryablehttp.Request, retries int) (*http.Response, error) {
	client := t.client
	if retries > 0 {
		client = &retryablehttp.Client{HTTPClient: t.client.HTTPClient, RetryMax: retries}
	}
	return client.Do(req)
}

// Fetch retries do around a client whose count may be either.
func (t *Tuned) Fetch(ctx context.Context, req *retryablehttp.Request, retries int) (*http.Response, error) { // want Fetch:`reaches\(retries, up to 3 attempts, runs out with nestedretry/clone.errGiveUp\)`
	for i := 0; i < 3; i++ {
		resp, err := t.do(req.WithContext(ctx), retries)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}
