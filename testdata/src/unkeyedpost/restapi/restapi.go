// Package restapi is a service's REST client, used by other packages: its
// exported functions carry their summaries (SendsFact) to the packages that
// retry them.
package restapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"
)

// Opts describes one call: the method, the path, headers to add, a body.
type Opts struct {
	Method       string
	Path         string
	ExtraHeaders map[string]string
	Body         io.Reader
}

// Client calls the API.
type Client struct {
	base string
	hc   *http.Client
}

func New(base string) *Client {
	return &Client{base: base, hc: &http.Client{Timeout: 30 * time.Second}}
}

// Call sends one request as opts describes it.
func (c *Client) Call(ctx context.Context, opts *Opts) (*http.Response, error) { // want Call:`sends\(method arg 1.Method, headers arg 1.ExtraHeaders by restapi.\(\*Client\).Call\)`
	req, err := http.NewRequestWithContext(ctx, opts.Method, c.base+opts.Path, opts.Body)
	if err != nil {
		return nil, err
	}
	for name, value := range opts.ExtraHeaders {
		req.Header.Set(name, value)
	}
	return c.hc.Do(req)
}

// Send sends body with the method it is given.
func (c *Client) Send(ctx context.Context, method, path string, body []byte) error { // want Send:`sends\(method arg 1, no key, body arg 3 by restapi.\(\*Client\).Send\)`
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PostJSON posts v as JSON.
func (c *Client) PostJSON(ctx context.Context, path string, v any) error { // want PostJSON:`sends\(POST, no key, body arg 2 by restapi.\(\*Client\).Send\)`
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return c.Send(ctx, http.MethodPost, path, b)
}

// CreateUpload starts an upload: a POST through Call, with no header.
func (c *Client) CreateUpload(ctx context.Context, name string) (*http.Response, error) { // want CreateUpload:`sends\(POST, no key by restapi.\(\*Client\).Call\)`
	return c.Call(ctx, &Opts{Method: http.MethodPost, Path: "/uploads?name=" + name})
}

// Do sends req, and sends it again after a 502, 503 or 504, up to 3 times.
func (c *Client) Do(req *http.Request) (*http.Response, error) { // want Do:`sends\(request arg 0, retried by a retry loop in restapi.\(\*Client\).Do \(up to 3 attempts\)\)`
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.hc.Do(req)
		if err == nil && resp.StatusCode != http.StatusBadGateway && resp.StatusCode != http.StatusServiceUnavailable &&
			resp.StatusCode != http.StatusGatewayTimeout {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return resp, err
}

// Get reads a resource: no summary, a GET is safe to repeat.
func (c *Client) Get(ctx context.Context, path string) (*http.Response, error) {
	return c.Call(ctx, &Opts{Method: http.MethodGet, Path: path})
}
