// Package clientset changes a client's Timeout after making it: the
// Timeout a retry meets is out of sight.
package clientset

import (
	"context"
	"net/http"
	"time"
)

func Get(ctx context.Context, url string, slow bool) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c := &http.Client{Timeout: 500 * time.Millisecond}
	if slow {
		c.Timeout = 10 * time.Second
	}
	var lastErr error
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}
