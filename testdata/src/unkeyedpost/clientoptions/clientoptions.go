// Package clientoptions keeps go-retryablehttp clients in fields whose
// RetryMax its user may change: by an option the package exports and never
// applies itself (the client retries by default, unless the user passes
// it), by a setter method, by a constructor's parameter (every client gets
// the user's value, which may be 0), by an option the package keeps to
// itself or applies itself, or in a test.
package clientoptions

import (
	"bytes"
	"net/http"
	"sync"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

// OptClient retries four times unless the user passes WithRetryMax or
// WithoutRetries.
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

func WithoutRetries() Option {
	return func(c *OptClient) { c.rc.RetryMax = 0 }
}

func (c *OptClient) Create(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body)) // want `^POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts, unless clientoptions\.WithRetryMax or clientoptions\.WithoutRetries sets RetryMax\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// OptClient's send sends the requests its callers build through the
// client: each call is reported with its fix (a key made once per call,
// before the send), not once at the send.
func (c *OptClient) send(req *retryablehttp.Request) error {
	_, err := c.rc.Do(req)
	return err
}

func (c *OptClient) CreateInvoice(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/invoices", bytes.NewReader(body)) // want `^POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts, unless .*\) in clientoptions\.\(\*OptClient\)\.send without`
	if err != nil {
		return err
	}
	return c.send(req)
}

func (c *OptClient) CreateRefund(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/refunds", bytes.NewReader(body)) // want `^POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts, unless .*\) in clientoptions\.\(\*OptClient\)\.send without`
	if err != nil {
		return err
	}
	return c.send(req)
}

// Quiet: a setter method may be called for every client made (by a
// constructor of the user's, with 0).
type SetterClient struct{ rc *retryablehttp.Client }

func NewSetterClient() *SetterClient {
	return &SetterClient{rc: retryablehttp.NewClient()}
}

func (c *SetterClient) SetRetryMax(n int) { c.rc.RetryMax = n }

func (c *SetterClient) Create(body []byte) error { // want Create:`sends\(POST, no key, body arg 0 by clientoptions\.\(\*SetterClient\)\.Create\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// Quiet: an exported option the package applies itself, with a value
// its own caller gives.
type AppliedClient struct{ rc *retryablehttp.Client }

func NewAppliedClient(n int) *AppliedClient {
	c := &AppliedClient{rc: retryablehttp.NewClient()}
	WithAppliedRetryMax(n)(c)
	return c
}

func WithAppliedRetryMax(n int) func(*AppliedClient) {
	return func(c *AppliedClient) { c.rc.RetryMax = n }
}

func (c *AppliedClient) Create(body []byte) error { // want Create:`sends\(POST, no key, body arg 0 by clientoptions\.\(\*AppliedClient\)\.Create\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	_, err = c.rc.Do(req)
	return err
}

// Quiet: a constructor's literal that it runs itself (once.Do) sets every
// client's RetryMax to the user's value.
type LazyClient struct {
	once sync.Once
	rc   *retryablehttp.Client
}

func NewLazyClient(retries int) *LazyClient {
	l := &LazyClient{}
	l.once.Do(func() {
		l.rc = retryablehttp.NewClient()
		l.rc.RetryMax = retries
	})
	return l
}

func (c *LazyClient) Create(body []byte) error { // want Create:`sends\(POST, no key, body arg 0 by clientoptions\.\(\*LazyClient\)\.Create\)`
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
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
