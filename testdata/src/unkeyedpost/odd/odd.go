// Package odd holds shapes that must neither crash the analyzer nor fool it:
// dot and renamed imports, generics, function values, method values, struct
// fields, package-level clients.
package odd

import (
	"context"
	"errors"
	web "net/http"
	"time"

	"github.com/go-resty/resty/v2"
	. "github.com/hashicorp/go-retryablehttp"
)

var errFailed = errors.New("failed")

// A renamed import and a named constant from another package.
func renamed(ctx context.Context, u string) error {
	for i := 0; i < 3; i++ {
		req, err := web.NewRequestWithContext(ctx, resty.MethodPost, u, nil) // want `POST is retried by a retry loop`
		if err != nil {
			return err
		}
		if resp, err := web.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A dot import of go-retryablehttp; the package client is a package-level var.
var shared = NewClient()

func dotImport(u string) error {
	resp, err := shared.Post(u, "text/plain", nil) // want `POST by \(\*retryablehttp.Client\).Post is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Generic senders.
func sendAll[T any](ctx context.Context, c *web.Client, u string, items []T) error {
	for range items {
		req, err := web.NewRequestWithContext(ctx, web.MethodPost, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// A method value of the client's Do, held in a local variable, sends what
// it is handed: the POST is reported.
func methodValue(ctx context.Context, c *web.Client, u string) error {
	do := c.Do
	for i := 0; i < 3; i++ {
		req, err := web.NewRequestWithContext(ctx, web.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		if resp, err := do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Function literals and function values from parameters: the analysis
// cannot follow them and stays quiet.
func values(ctx context.Context, c *web.Client, u string, newClient func() *resty.Client) error {
	do := func(req *web.Request) (*web.Response, error) { return c.Do(req) }
	for i := 0; i < 3; i++ {
		req, err := web.NewRequestWithContext(ctx, web.MethodPost, u, nil)
		if err != nil {
			return err
		}
		if resp, err := do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	_, err := newClient().SetRetryCount(3).R().Post(u)
	return err
}

type api struct {
	client *Client
	req    *Request
}

// A client in a field that the package never sets was made elsewhere, by
// NewClient all but always: it retries. A request in a field is not followed.
func (a *api) fields(ctx context.Context, u string) error {
	resp, err := a.client.Post(u, "text/plain", nil) // want `POST by \(\*retryablehttp.Client\).Post is retried by go-retryablehttp \(a client from a field, RetryMax 4 by default: up to 5 attempts\)`
	if err != nil {
		return err
	}
	resp.Body.Close()
	a.req, err = NewRequest(web.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err = a.client.Do(a.req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
