// Package clientalias changes a client's Timeout through a
// go-retryablehttp client it was given.
package clientalias

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// hc's Timeout is changed through the retryablehttp client it is given:
// which Timeout the loop meets is out of sight.
func Aliased(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	hc := &http.Client{Timeout: 500 * time.Millisecond}
	rc := retryablehttp.NewClient()
	rc.HTTPClient = hc
	rc.HTTPClient.Timeout = 10 * time.Second
	var lastErr error
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}
