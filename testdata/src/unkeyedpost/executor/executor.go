// Package executor is an SDK shaped as meilisearch-go's: each method
// describes its request in an internalRequest and hands it to
// executeRequest, which builds it and has do send it, again on a 5xx. The
// one loop in do re-sends the POST and PATCH requests of several methods:
// reported once, there.
package executor

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type internalRequest struct {
	method string
	path   string
	body   []byte
}

type Client struct {
	hc   *http.Client
	base string
}

func (c *Client) executeRequest(ctx context.Context, r *internalRequest) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, r.method, c.base+r.path, bytes.NewReader(r.body))
	if err != nil {
		return nil, err
	}
	return c.do(req)
}

func (c *Client) do(req *http.Request) (*http.Response, error) {
	for tries := 0; ; tries++ { // want `this retry loop \(up to 4 attempts\) re-sends the POST and PATCH requests made at 3 places in this package \(executor.go:\d+, executor.go:\d+, executor.go:\d+\) and handed to it, without an Idempotency-Key: .*; retry only idempotent methods here`
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 || tries == 3 {
			return resp, nil
		}
		resp.Body.Close()
		if req.GetBody != nil {
			if req.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(tries+1) * time.Second)
	}
}

func (c *Client) CreateKey(ctx context.Context, body []byte) error {
	return c.send(ctx, &internalRequest{method: http.MethodPost, path: "/keys", body: body})
}

func (c *Client) UpdateSettings(ctx context.Context, body []byte) error {
	return c.send(ctx, &internalRequest{method: http.MethodPatch, path: "/settings", body: body})
}

func (c *Client) AddWebhook(ctx context.Context, body []byte) error {
	return c.send(ctx, &internalRequest{method: http.MethodPost, path: "/webhooks", body: body})
}

// AddWebhookOnce's caller made sure the server refuses a second webhook of
// the same URL, and says so: silenced, and not counted.
func (c *Client) AddWebhookOnce(ctx context.Context, body []byte) error {
	return c.send(ctx, &internalRequest{method: http.MethodPost, path: "/webhooks/unique", body: body}) //retrylint:ignore unkeyedpost the server refuses a duplicate URL
}

// GetKey, ReplaceSettings and DeleteKey send idempotent methods: not among
// the calls counted.
func (c *Client) GetKey(ctx context.Context) error {
	return c.send(ctx, &internalRequest{method: http.MethodGet, path: "/keys/1"})
}

func (c *Client) ReplaceSettings(ctx context.Context, body []byte) error {
	return c.send(ctx, &internalRequest{method: http.MethodPut, path: "/settings", body: body})
}

func (c *Client) DeleteKey(ctx context.Context) error {
	return c.send(ctx, &internalRequest{method: http.MethodDelete, path: "/keys/1"})
}

func (c *Client) send(ctx context.Context, r *internalRequest) error {
	resp, err := c.executeRequest(ctx, r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Uploader's loop re-sends the POST of one call only: reported at that
// call, as before.
type Uploader struct {
	hc   *http.Client
	base string
}

func (u *Uploader) post(ctx context.Context, method, path string) error {
	for tries := 0; tries < 3; tries++ {
		req, err := http.NewRequestWithContext(ctx, method, u.base+path, nil)
		if err != nil {
			return err
		}
		resp, err := u.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return context.DeadlineExceeded
}

func (u *Uploader) Upload(ctx context.Context) error {
	return u.post(ctx, http.MethodPost, "/uploads") // want `POST sent by \(\*Uploader\)\.post is retried by a retry loop in executor.\(\*Uploader\)\.post \(up to 3 attempts\) without an Idempotency-Key`
}

func (u *Uploader) Status(ctx context.Context) error {
	return u.post(ctx, http.MethodGet, "/uploads/1")
}

// Mirror's sendBoth has two retry loops of the same bound, one per region,
// which a message describes alike: a call cannot be told to one of them,
// so each is reported at its call.
type Mirror struct {
	hc   *http.Client
	a, b string
}

func (m *Mirror) sendBoth(ctx context.Context, method, path string) error {
	for tries := 0; tries < 3; tries++ {
		req, err := http.NewRequestWithContext(ctx, method, m.a+path, nil)
		if err != nil {
			return err
		}
		if resp, err := m.hc.Do(req); err == nil && resp.StatusCode < 500 {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second)
	}
	for tries := 0; tries < 3; tries++ {
		req, err := http.NewRequestWithContext(ctx, method, m.b+path, nil)
		if err != nil {
			return err
		}
		if resp, err := m.hc.Do(req); err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return context.DeadlineExceeded
}

func (m *Mirror) Create(ctx context.Context) error {
	return m.sendBoth(ctx, http.MethodPost, "/items") // want `POST sent by \(\*Mirror\)\.sendBoth is retried by a retry loop in executor\.\(\*Mirror\)\.sendBoth \(up to 3 attempts\) without an Idempotency-Key`
}

func (m *Mirror) Append(ctx context.Context) error {
	return m.sendBoth(ctx, http.MethodPost, "/items/append") // want `POST sent by \(\*Mirror\)\.sendBoth is retried by a retry loop in executor\.\(\*Mirror\)\.sendBoth \(up to 3 attempts\) without an Idempotency-Key`
}
