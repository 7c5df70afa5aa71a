// Package fixclients holds the fixes for requests sent by clients that retry
// by themselves: the key is made where the request is built, since the
// client resends the same request.
package fixclients

import (
	"context"
	"net/http"

	"github.com/go-resty/resty/v2"
	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

func retryable(ctx context.Context, u string, body []byte) error {
	c := retryablehttp.NewClient()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, body) // want `POST is retried by go-retryablehttp`
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func restyChain(u string) error {
	c := resty.New().SetRetryCount(2)
	_, err := c.R().
		SetBody(`{"amount":10}`).
		Post(u) // want `POST is retried by resty`
	return err
}
