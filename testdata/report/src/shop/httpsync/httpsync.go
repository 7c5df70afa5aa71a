// Package httpsync pushes records over go-retryablehttp, whose client makes
// up to 5 attempts by default (RetryMax 4, client.go's defaultRetryMax).
package httpsync

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// Fetch is a single layer: the client's own 5 attempts.
func Fetch(url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	return c.Get(url)
}

// Post is two layers: 3 attempts around the client's 5 make 15 calls.
func Post(ctx context.Context, url string, body []byte) error {
	c := retryablehttp.NewClient()
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := retryablehttp.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Sync is three layers: 3 attempts of push, which makes 2 attempts of the
// client's 5: 30 calls.
func Sync(ctx context.Context, url string, records [][]byte) error {
	c := retryablehttp.NewClient()
	for _, r := range records {
		var err error
		for i := 0; i < 3; i++ {
			if err = push(ctx, c, url, r); err == nil {
				break
			}
			time.Sleep(time.Second)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func push(ctx context.Context, c *retryablehttp.Client, url string, body []byte) error {
	var err error
	for i := 0; i < 2; i++ {
		req, rerr := retryablehttp.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(500 * time.Millisecond)
	}
	return err
}
