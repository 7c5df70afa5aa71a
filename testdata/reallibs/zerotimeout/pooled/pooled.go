// Package pooled gets its clients from go-cleanhttp, whose functions
// return clients with no Timeout: the calls are checked like literals.
package pooled

import (
	"context"
	"io"
	"net/http"
	"time"

	"github.com/hashicorp/go-cleanhttp"
)

var api = cleanhttp.DefaultPooledClient() // want `^cleanhttp.DefaultPooledClient returns an http.Client with no Timeout: a server that stops answering blocks its calls forever$`

// Fetch reads one object whole.
func Fetch(u string) ([]byte, error) {
	resp, err := api.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Bounded sets the Timeout before the first use: quiet.
func Bounded(u string) error {
	hc := cleanhttp.DefaultClient()
	hc.Timeout = 10 * time.Second
	resp, err := hc.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Deadline sends only under a deadline: quiet.
func Deadline(ctx context.Context, u string) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return err
	}
	resp, err := cleanhttp.DefaultPooledClient().Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Unused never sends: quiet.
func Unused() { _ = cleanhttp.DefaultClient() }
