// Package restclient is a REST client shaped like linodego's: a builder
// copies the client's own headers and each request's headers onto the
// request; doRequest rebuilds it on every attempt, hands it to the
// caller's mutator, to the client's hooks and to a logger that hands it
// back, and retries it; the service functions give the method.
package restclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"time"
)

type requestParams struct {
	Body     *bytes.Reader
	Response any
	Headers  http.Header
}

type Client struct {
	httpClient      *http.Client
	header          http.Header
	retryCount      int
	debug           bool
	onBeforeRequest []func(*http.Request) error
}

// SetHeader sets a header sent with every request of the client: the same
// on all of them, so it cannot be one operation's idempotency key.
func (c *Client) SetHeader(name, value string) {
	if c.header == nil {
		c.header = make(http.Header)
	}
	c.header.Set(name, value)
}

func (c *Client) createRequest(ctx context.Context, method, endpoint string, params requestParams) (*http.Request, error) {
	var body *bytes.Reader
	if params.Body != nil {
		body = params.Body
	}
	req, err := http.NewRequestWithContext(ctx, method, "https://api.example/v4/"+endpoint, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for name, values := range c.header {
		for _, value := range values {
			req.Header.Set(name, value)
		}
	}
	for name, values := range params.Headers {
		for _, value := range values {
			req.Header.Set(name, value)
		}
	}
	return req, nil
}

func (c *Client) applyBeforeRequest(req *http.Request) error {
	for _, mutate := range c.onBeforeRequest {
		if err := mutate(req); err != nil {
			return err
		}
	}
	return nil
}

func (c *Client) logRequest(req *http.Request) *http.Request {
	log.Printf("%s %s", req.Method, req.URL)
	return req
}

func (c *Client) sendRequest(req *http.Request) (*http.Response, error) {
	return c.httpClient.Do(req)
}

func (c *Client) doRequest(ctx context.Context, method, endpoint string, params requestParams, mutator *func(*http.Request) error) error {
	var err error
	for range c.retryCount + 1 {
		var req *http.Request
		req, err = c.createRequest(ctx, method, endpoint, params)
		if err != nil {
			return err
		}
		if mutator != nil {
			if err := (*mutator)(req); err != nil {
				return err
			}
		}
		if err = c.applyBeforeRequest(req); err != nil {
			return err
		}
		if c.debug {
			req = c.logRequest(req)
		}
		var resp *http.Response
		resp, err = c.sendRequest(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// doPOSTRequest hands doRequest a POST whose params carry no headers.
func doPOSTRequest[T, O any](ctx context.Context, client *Client, endpoint string, options ...O) (*T, error) {
	var result T
	params := requestParams{Response: &result}
	if len(options) > 0 {
		body, err := json.Marshal(options[0])
		if err != nil {
			return nil, err
		}
		params.Body = bytes.NewReader(body)
	}
	err := client.doRequest(ctx, http.MethodPost, endpoint, params, nil) // want `POST sent by \(\*Client\)\.doRequest is retried by a retry loop in restclient\.\(\*Client\)\.doRequest`
	if err != nil {
		return nil, err
	}
	return &result, nil
}

type Instance struct{ ID int }

type InstanceCreateOptions struct{ Label string }

func (c *Client) CreateInstance(ctx context.Context, opts InstanceCreateOptions) (*Instance, error) {
	return doPOSTRequest[Instance](ctx, c, "linode/instances", opts)
}

// Quiet: a GET, a POST whose params carry a key, one whose key is set only
// when the caller has one (the analysis cannot tell which), and a POST sent
// once by a client that does not retry.

func (c *Client) ListInstances(ctx context.Context) ([]Instance, error) {
	var result []Instance
	err := c.doRequest(ctx, http.MethodGet, "linode/instances", requestParams{Response: &result}, nil)
	return result, err
}

func (c *Client) CreateKeyed(ctx context.Context, key string) error {
	params := requestParams{Headers: http.Header{"Idempotency-Key": {key}}}
	return c.doRequest(ctx, http.MethodPost, "linode/instances", params, nil)
}

func (c *Client) CreateMaybeKeyed(ctx context.Context, key string) error {
	params := requestParams{}
	if key != "" {
		params.Headers = http.Header{"Idempotency-Key": {key}}
	}
	return c.doRequest(ctx, http.MethodPost, "linode/instances", params, nil)
}

// A POST built in a retry loop of its own, with the client's headers
// copied onto it: those are the same on every request, so none is a key.
func (c *Client) Reboot(ctx context.Context, id string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/linode/instances/"+id+"/reboot", nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		for name, values := range c.header {
			for _, value := range values {
				req.Header.Set(name, value)
			}
		}
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("reboot failed")
}

// defaultHeaders is a map any code may fill: one of its names may be a key.
var defaultHeaders = http.Header{}

// Quiet: headers copied from a map that is not the client's own.
func (c *Client) Shutdown(ctx context.Context, id string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/linode/instances/"+id+"/shutdown", nil)
		if err != nil {
			return err
		}
		for name, values := range defaultHeaders {
			for _, value := range values {
				req.Header.Set(name, value)
			}
		}
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("shutdown failed")
}

// rewrap may hand back another request than the one it was given.
func rewrap(req *http.Request, fresh *http.Request) *http.Request {
	if fresh != nil {
		return fresh
	}
	return req
}

// Quiet: after req = rewrap(req, ...), req may hold another request, whose
// headers the analysis has not followed.
func (c *Client) Migrate(ctx context.Context, id string, next *http.Request) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/linode/instances/"+id+"/migrate", nil)
		if err != nil {
			return err
		}
		req = rewrap(req, next)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("migrate failed")
}

// Reported: logRequest hands back the request it was given, so the request
// sent is the one built here, with no key.
func (c *Client) Resize(ctx context.Context, id string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/linode/instances/"+id+"/resize", nil) // want `POST is retried by a retry loop \(up to 3 attempts\)`
		if err != nil {
			return err
		}
		req = c.logRequest(req)
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("resize failed")
}

// prepareHeaders keys a POST with the API's own key header (k6 Cloud's
// K6-Idempotency-Key), made once per request, before it is first sent.
func (c *Client) prepareHeaders(req *http.Request) {
	req.Header.Set("User-Agent", "restclient")
	if req.Method == http.MethodPost {
		req.Header.Set("Acme-Idempotency-Key", newKey())
	}
}

func newKey() string { return time.Now().Format(time.RFC3339Nano) } // want newKey:`freshkey`

// DoKeyed keys the request it is handed, then retries it with that key.
func (c *Client) DoKeyed(req *http.Request) error {
	c.prepareHeaders(req)
	return c.retried(req)
}

// DoLogged only logs the request it is handed, then retries it.
func (c *Client) DoLogged(req *http.Request) error { // want DoLogged:`sends\(request arg 0, retried by a retry loop in restclient\.\(\*Client\)\.retried`
	req = c.logRequest(req)
	return c.retried(req)
}

func (c *Client) retried(req *http.Request) error {
	for i := 0; i < 3; i++ {
		resp, err := c.httpClient.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("request failed")
}

// Quiet: DoKeyed keys the request before it retries it.
func (c *Client) CreateVolume(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/volumes", nil)
	if err != nil {
		return err
	}
	return c.DoKeyed(req)
}

func (c *Client) CreateDisk(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example/v4/disks", nil) // want `POST is retried by a retry loop in restclient\.\(\*Client\)\.retried`
	if err != nil {
		return err
	}
	return c.DoLogged(req)
}
