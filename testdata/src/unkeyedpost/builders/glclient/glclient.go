// Package glclient is a REST client shaped as go-gitlab's: NewRequest
// builds a request with the method its caller gives, runs the caller's
// request options on it and copies a header map of its own; Do sends it
// through a go-retryablehttp client that retries 5xx answers, five times
// unless the user's option WithCustomRetryMax says otherwise. The POST and
// PATCH requests the package's own methods hand Do are reported once, at
// the call that sends them through that client.
package glclient

import (
	"context"
	"net/http"
	"time"

	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

type RequestOptionFunc func(*retryablehttp.Request) error

type Client struct {
	client                *retryablehttp.Client
	plain                 *http.Client
	defaultRequestOptions []RequestOptionFunc
	token                 string
}

type ClientOptionFunc func(*Client) error

func NewClient(token string, options ...ClientOptionFunc) (*Client, error) {
	c := &Client{token: token, plain: &http.Client{Timeout: time.Minute}}
	c.client = &retryablehttp.Client{
		CheckRetry:   c.retryHTTPCheck,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     5,
	}
	for _, fn := range options {
		if err := fn(c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// WithCustomRetryMax is the user's option: a client made without it
// retries five times.
func WithCustomRetryMax(retryMax int) ClientOptionFunc {
	return func(c *Client) error {
		c.client.RetryMax = retryMax
		return nil
	}
}

// WithRequestOptions is how a user sets options on every request.
func (c *Client) WithRequestOptions(options ...RequestOptionFunc) {
	c.defaultRequestOptions = options
}

func (c *Client) retryHTTPCheck(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	return resp.StatusCode == 429 || resp.StatusCode >= 500, nil
}

// NewRequest builds a request with the caller's method: a builder.
func (c *Client) NewRequest(method, path string, options []RequestOptionFunc) (*retryablehttp.Request, error) { // want NewRequest:`builds\(method arg 0\)`
	reqHeaders := make(http.Header)
	reqHeaders.Set("Accept", "application/json")
	if method == http.MethodPost {
		reqHeaders.Set("Content-Type", "application/json")
	}
	req, err := retryablehttp.NewRequest(method, "https://gitlab.example.com/api/v4/"+path, nil)
	if err != nil {
		return nil, err
	}
	for _, fn := range append(c.defaultRequestOptions, options...) {
		if fn == nil {
			continue
		}
		if err := fn(req); err != nil {
			return nil, err
		}
	}
	for k, v := range reqHeaders {
		req.Header[k] = v
	}
	return req, nil
}

// NewPostRequest builds a POST: a builder that fixes the method.
func (c *Client) NewPostRequest(path string) (*retryablehttp.Request, error) { // want NewPostRequest:`builds\(POST\)`
	return c.NewRequest(http.MethodPost, path, nil)
}

// NewKeyedRequest sets a key from its caller on every request it builds.
func (c *Client) NewKeyedRequest(method, path, key string) (*retryablehttp.Request, error) { // want NewKeyedRequest:`keyparams\[2\]` NewKeyedRequest:`builds\(method arg 0, key arg 2\)`
	req, err := retryablehttp.NewRequest(method, "https://gitlab.example.com/api/v4/"+path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return req, nil
}

// NewRequestWithHeaders copies headers its caller gives: one may be a key,
// which the call decides.
func (c *Client) NewRequestWithHeaders(method, path string, hdrs http.Header) (*retryablehttp.Request, error) { // want NewRequestWithHeaders:`builds\(method arg 0, headers arg 2\)`
	req, err := retryablehttp.NewRequest(method, "https://gitlab.example.com/api/v4/"+path, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range hdrs {
		req.Header[k] = v
	}
	return req, nil
}

// NewSignedRequest hands the request to a function of the package that
// sets headers by names it reads at run time: one may be a key.
func (c *Client) NewSignedRequest(method, path string) (*retryablehttp.Request, error) {
	req, err := retryablehttp.NewRequest(method, "https://gitlab.example.com/api/v4/"+path, nil)
	if err != nil {
		return nil, err
	}
	sign(req)
	return req, nil
}

var signedHeaders = map[string]string{}

// NewRequestNamed copies a header map of its own, but under a name it
// reads at run time: it may be a key.
func (c *Client) NewRequestNamed(method, path, name string) (*retryablehttp.Request, error) {
	reqHeaders := make(http.Header)
	reqHeaders.Set(name, c.token)
	req, err := retryablehttp.NewRequest(method, "https://gitlab.example.com/api/v4/"+path, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range reqHeaders {
		req.Header[k] = v
	}
	return req, nil
}

func sign(req *retryablehttp.Request) {
	for k, v := range signedHeaders {
		req.Header.Set(k, v)
	}
}

// Do sends the request through the retrying client, and once more, by a
// recursive call, when the token was refused: the three calls below that
// hand it a POST or PATCH are reported here.
func (c *Client) Do(req *retryablehttp.Request) (*http.Response, error) { // want Do:`sends\(request arg 0, retried by go-retryablehttp \(RetryMax 5: up to 6 attempts, unless glclient\.WithCustomRetryMax sets RetryMax\) in glclient\.\(\*Client\)\.Do\)`
	req.Header.Set("PRIVATE-TOKEN", c.token)
	resp, err := c.client.Do(req) // want `^go-retryablehttp \(RetryMax 5: up to 6 attempts, unless glclient\.WithCustomRetryMax sets RetryMax\) re-sends here the POST and PATCH requests made at 3 places in this package \(glclient\.go:\d+, glclient\.go:\d+, glclient\.go:\d+\) and handed to \(\*Client\)\.Do, without an Idempotency-Key: .*; let this client retry only idempotent methods`
	if err == nil && resp.StatusCode == http.StatusUnauthorized && c.renewToken() {
		resp.Body.Close()
		return c.Do(req)
	}
	return resp, err
}

func (c *Client) renewToken() bool {
	c.token = "renewed"
	return true
}

// Upload sends the request through the same client: the one POST handed
// to it is reported at its call.
func (c *Client) Upload(req *retryablehttp.Request) (*http.Response, error) { // want Upload:`sends\(request arg 0, retried by go-retryablehttp \(RetryMax 5: up to 6 attempts, unless glclient\.WithCustomRetryMax sets RetryMax\) in glclient\.\(\*Client\)\.Upload\)`
	return c.client.Do(req)
}

func (c *Client) UploadAvatar(project string) error {
	req, err := c.NewRequest(http.MethodPost, "projects/"+project+"/avatar", nil) // want `^POST built by \(\*Client\)\.NewRequest is retried by go-retryablehttp \(RetryMax 5: up to 6 attempts, unless glclient\.WithCustomRetryMax sets RetryMax\) in glclient\.\(\*Client\)\.Upload without an Idempotency-Key`
	if err != nil {
		return err
	}
	_, err = c.Upload(req)
	return err
}

// SendWith sends through the client its caller gives, which is not
// SendWith's to change: each call that hands it a POST is reported at the
// call.
func (c *Client) SendWith(rc *retryablehttp.Client, req *retryablehttp.Request) (*http.Response, error) { // want SendWith:`sends\(request arg 1, retried by go-retryablehttp \(a client from a parameter, RetryMax 4 by default: up to 5 attempts\)\)`
	return rc.Do(req)
}

func (c *Client) CreateWebhook(rc *retryablehttp.Client, project string) error {
	req, err := c.NewRequest(http.MethodPost, "projects/"+project+"/hooks", nil) // want `^POST built by \(\*Client\)\.NewRequest is retried by go-retryablehttp \(a client from a parameter, RetryMax 4 by default: up to 5 attempts\) without`
	if err != nil {
		return err
	}
	_, err = c.SendWith(rc, req)
	return err
}

func (c *Client) CreateDeployKey(rc *retryablehttp.Client, project string) error {
	req, err := c.NewRequest(http.MethodPost, "projects/"+project+"/deploy_keys", nil) // want `^POST built by \(\*Client\)\.NewRequest is retried by go-retryablehttp \(a client from a parameter`
	if err != nil {
		return err
	}
	_, err = c.SendWith(rc, req)
	return err
}

// DoOnce sends the request once, through a plain http.Client.
func (c *Client) DoOnce(req *retryablehttp.Request) (*http.Response, error) {
	return c.plain.Do(req.Request)
}

func (c *Client) CreateIssue(project string, options ...RequestOptionFunc) error {
	req, err := c.NewRequest(http.MethodPost, "projects/"+project+"/issues", options) // reported at Do
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func (c *Client) UpdateIssue(project, iid string, options ...RequestOptionFunc) error {
	req, err := c.NewRequest(http.MethodPatch, "projects/"+project+"/issues/"+iid, options) // reported at Do
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func (c *Client) CreateNote(project string) error {
	req, err := c.NewPostRequest("projects/" + project + "/notes") // reported at Do
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// Quiet: a GET, a PUT, a DELETE.

func (c *Client) GetIssue(project, iid string) error {
	req, err := c.NewRequest(http.MethodGet, "projects/"+project+"/issues/"+iid, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func (c *Client) ReplaceIssue(project, iid string) error {
	req, err := c.NewRequest(http.MethodPut, "projects/"+project+"/issues/"+iid, nil)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// Quiet: a POST sent once.
func (c *Client) CreateIssueOnce(project string) error {
	req, err := c.NewRequest(http.MethodPost, "projects/"+project+"/issues", nil)
	if err != nil {
		return err
	}
	_, err = c.DoOnce(req)
	return err
}

// Quiet: a POST given a key, by the caller's header or by the builder.
func (c *Client) CreateIssueKeyed(project, key string) error { // want CreateIssueKeyed:`sends\(POST, key arg 1, retried by go-retryablehttp` CreateIssueKeyed:`keyparams\[1\]`
	req, err := c.NewRequest(http.MethodPost, "projects/"+project+"/issues", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	_, err = c.Do(req)
	return err
}

func (c *Client) CreateIssueKeyedByBuilder(project, key string) error { // want CreateIssueKeyedByBuilder:`sends\(POST, key arg 1, retried by go-retryablehttp`
	req, err := c.NewKeyedRequest(http.MethodPost, "projects/"+project+"/issues", key)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// Quiet: a builder that copies the headers its own caller gives may set a
// key; that caller decides (gluser's createIssue*).
func (c *Client) CreateIssueWithHeaders(project string, hdrs http.Header) error { // want CreateIssueWithHeaders:`sends\(POST, headers arg 1, retried by go-retryablehttp`
	req, err := c.NewRequestWithHeaders(http.MethodPost, "projects/"+project+"/issues", hdrs)
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func (c *Client) CreateIssueNamed(project string) error {
	req, err := c.NewRequestNamed(http.MethodPost, "projects/"+project+"/issues", "Idempotency-Key")
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

func (c *Client) CreateIssueSigned(project string) error {
	req, err := c.NewSignedRequest(http.MethodPost, "projects/"+project+"/issues")
	if err != nil {
		return err
	}
	_, err = c.Do(req)
	return err
}

// Reported: the request options are applied where the request is built
// and sent, and none of them sets a key unless the caller passes one.
func (c *Client) CreateWithOptions(project string, options ...RequestOptionFunc) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://gitlab.example.com/api/v4/projects/"+project+"/hooks", nil) // want `POST is retried by go-retryablehttp`
	if err != nil {
		return err
	}
	for _, o := range options {
		if err := o(req); err != nil {
			return err
		}
	}
	_, err = c.client.Do(req)
	return err
}

// Quiet: a function value the function makes itself is not its caller's
// option, and may set anything.
func (c *Client) CreateWithLocalHook(project string, hook func(*retryablehttp.Request) error) error { // want CreateWithLocalHook:`keyparams\[0\]`
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://gitlab.example.com/api/v4/projects/"+project+"/hooks", nil)
	if err != nil {
		return err
	}
	h := hook
	if h == nil {
		h = func(r *retryablehttp.Request) error { r.Header.Set("Idempotency-Key", project); return nil }
	}
	if err := h(req); err != nil {
		return err
	}
	_, err = c.client.Do(req)
	return err
}
