// Package executor (unkeyedpost/executor/v2) is the newer SDK, beside the
// older one it migrates from, under the same package name: the older
// loop's description, carried by its fact, reads as this package's own
// loop's, so neither is taken for the other, and every call is reported
// where it is.
package executor

import (
	"context"
	"net/http"
	"time"

	v1 "unkeyedpost/executor/v1"
)

type Client struct {
	hc   *http.Client
	base string
}

func (c *Client) send(ctx context.Context, method, path string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) do(req *http.Request) (*http.Response, error) {
	for tries := 0; ; tries++ {
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 || tries == 3 {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Duration(tries+1) * time.Second)
	}
}

func (c *Client) CreateKey(ctx context.Context) error {
	return c.send(ctx, http.MethodPost, "/keys") // want `POST sent by \(\*Client\)\.send is retried by a retry loop in executor\.\(\*Client\)\.do \(up to 4 attempts\) without an Idempotency-Key`
}

func (c *Client) AddWebhook(ctx context.Context) error {
	return c.send(ctx, http.MethodPost, "/webhooks") // want `POST sent by \(\*Client\)\.send is retried by a retry loop in executor\.\(\*Client\)\.do \(up to 4 attempts\) without an Idempotency-Key`
}

// MigrateKeys hands POSTs to the older SDK's loop.
func MigrateKeys(ctx context.Context, old *v1.Client) error {
	if err := old.Execute(ctx, &v1.Request{Method: http.MethodPost, Path: "/keys"}); err != nil { // want `POST sent by executor\.\(\*Client\)\.Execute is retried by a retry loop in executor\.\(\*Client\)\.do \(up to 4 attempts\) without an Idempotency-Key`
		return err
	}
	return old.Execute(ctx, &v1.Request{Method: http.MethodPost, Path: "/webhooks"}) // want `POST sent by executor\.\(\*Client\)\.Execute is retried by a retry loop in executor\.\(\*Client\)\.do \(up to 4 attempts\) without an Idempotency-Key`
}
