// Package clientoptions keeps go-retryablehttp clients in fields whose
// RetryMax its user may change: by an option or a setter the package
// exports (the client retries by default, unless the user calls it), by a
// constructor's parameter (every client gets the user's value, which may
// be 0), by an option the package keeps to itself, or in a test.
package clientoptions

import (
	"bytes"
	"net/http"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

// OptClient retries four times unless the user passes WithRetryMax.
type OptClient struct{ rc *retryablehttp.Client }

type Option func(*OptClient)

func NewOptClient(opts ...Option) *OptClient {
	c := &OptClient{rc: retryablehttp.NewClient()}
	for _, o := range opts {
		o(c)
	}
	return c
}

func WithRetryMax(n int) Option {
	return func(c *OptClient) { c.rc.RetryMax = n }
}

func (c *OptClient) Create(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body)) // want `^POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts, unless clientoptions\.WithRetryMax sets RetryMax\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// SetterClient retries four times unless the user calls SetRetryMax.
type SetterClient struct{ rc *retryablehttp.Client }

func NewSetterClient() *SetterClient {
	return &SetterClient{rc: retryablehttp.NewClient()}
}

func (c *SetterClient) SetRetryMax(n int) { c.rc.RetryMax = n }

func (c *SetterClient) Create(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body)) // want `^POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts, unless clientoptions\.\(\*SetterClient\)\.SetRetryMax sets RetryMax\)`
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// TestedClient is given RetryMax 0 by its test only: the program's
// client retries.
type TestedClient struct{ rc *retryablehttp.Client }

func NewTestedClient() *TestedClient {
	return &TestedClient{rc: retryablehttp.NewClient()}
}

func (c *TestedClient) Create(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body)) // want `^POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\) without`
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// Quiet: every CtorClient gets its user's RetryMax, which may be 0.
type CtorClient struct{ rc *retryablehttp.Client }

func NewCtorClient(retries int) *CtorClient {
	c := &CtorClient{rc: retryablehttp.NewClient()}
	c.rc.RetryMax = retries
	return c
}

func (c *CtorClient) Create(body []byte) error { // want Create:`sends\(POST, no key, body arg 0 by clientoptions\.\(\*CtorClient\)\.Create\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// Quiet: an option the package keeps to itself is given values the
// analysis does not follow.
type InnerClient struct{ rc *retryablehttp.Client }

func NewInnerClient(n int) *InnerClient {
	c := &InnerClient{rc: retryablehttp.NewClient()}
	withRetryMax(n)(c)
	return c
}

func withRetryMax(n int) func(*InnerClient) {
	return func(c *InnerClient) { c.rc.RetryMax = n }
}

func (c *InnerClient) Create(body []byte) error { // want Create:`sends\(POST, no key, body arg 0 by clientoptions\.\(\*InnerClient\)\.Create\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// Quiet: an option the user may pass, and a visible RetryMax = 0 that
// turns the retries off for every client.
type OffClient struct{ rc *retryablehttp.Client }

func NewOffClient(opts ...func(*OffClient)) *OffClient {
	c := &OffClient{rc: retryablehttp.NewClient()}
	c.rc.RetryMax = 0
	for _, o := range opts {
		o(c)
	}
	return c
}

func WithOffRetryMax(n int) func(*OffClient) {
	return func(c *OffClient) { c.rc.RetryMax = n }
}

func (c *OffClient) Create(body []byte) error { // want Create:`sends\(POST, no key, body arg 0 by clientoptions\.\(\*OffClient\)\.Create\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}
