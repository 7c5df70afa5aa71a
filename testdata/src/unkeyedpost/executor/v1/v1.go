// Package executor (unkeyedpost/executor/v1) is an older version of the
// same SDK, under the same package name: its loop reads, in a message, as
// the newer one's does, and must not be taken for it.
package executor

import (
	"context"
	"net/http"
	"time"
)

type Request struct {
	Method string
	Path   string
}

type Client struct {
	hc   *http.Client
	base string
}

// Execute sends the request its caller describes, again on a 5xx.
func (c *Client) Execute(ctx context.Context, r *Request) error { // want Execute:`sends\(method arg 1\.Method, no key, retried by a retry loop in executor\.\(\*Client\)\.do \(up to 4 attempts\)`
	req, err := http.NewRequestWithContext(ctx, r.Method, c.base+r.Path, nil)
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
