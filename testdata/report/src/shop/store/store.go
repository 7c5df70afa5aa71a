// Package store is the bottom of a chain across packages: a client of its
// own that retries twice around go-retryablehttp.
package store

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Client reads records.
type Client struct {
	HTTP *retryablehttp.Client
	Base string
}

// New returns a client with go-retryablehttp's defaults.
func New(base string) *Client { return &Client{HTTP: retryablehttp.NewClient(), Base: base} }

// Get makes 2 attempts of the client's 5: 10 calls.
func (c *Client) Get(ctx context.Context, id string) error {
	var err error
	for i := 0; i < 2; i++ {
		req, rerr := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, c.Base+id, nil)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		if resp, err = c.HTTP.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
