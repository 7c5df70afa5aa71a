// Package tokenuse calls the internal tokenauth package of its module: each
// call of a function that returns a client with no Timeout is checked like a
// literal.
package tokenuse

import (
	"context"
	"io"
	"net/http"
	"time"

	"zerotimeout/internal/tokenauth"
)

// Fetch sends through the client with no bound: reported at the call.
func Fetch(t *tokenauth.TokenTransport, u string) ([]byte, error) {
	hc := t.Client() // want `^tokenauth.TokenTransport.Client returns an http.Client with no Timeout: a server that stops answering blocks its calls forever$`
	resp, err := hc.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// FetchNew: the same through a function that returns its variable.
func FetchNew(u string) error {
	resp, err := tokenauth.NewClient("t").Get(u) // want `^tokenauth.NewClient returns an http.Client with no Timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Bounded sets the Timeout before the first use: quiet.
func Bounded(t *tokenauth.TokenTransport, u string) error {
	hc := t.Client()
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
	resp, err := tokenauth.NewClient("t").Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PingAgain and DialAgain use clients reported where they are made: quiet
// here.
func PingAgain(u string) error {
	resp, err := tokenauth.Pinger("t").Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func DialAgain(u string) error {
	hc, err := tokenauth.Dial("t")
	if err != nil {
		return err
	}
	resp, err := hc.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
