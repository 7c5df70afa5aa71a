// Package wrappedlib is a repository's own API client (lego's DNS provider
// clients): a client field its constructor fills with a client that has a
// Timeout, and a transport that wraps the caller's client and hands it
// back.
package wrappedlib

import (
	"net/http"
	"time"
)

// Client holds, in HTTPClient, only clients with a Timeout.
type Client struct {
	APIKey     string
	HTTPClient *http.Client // want HTTPClient:"holds clients with a Timeout"
}

// NewClient gives the client a 10s Timeout.
func NewClient(key string) *Client {
	return &Client{APIKey: key, HTTPClient: &http.Client{Timeout: 10 * time.Second}}
}

// WithClient keeps the caller's client, checked where it is made.
func (c *Client) WithClient(hc *http.Client) {
	c.HTTPClient = hc
}

// Loose holds a client whose Timeout is 0.
type Loose struct {
	HTTPClient *http.Client
}

// NewLoose sets a Timeout of 0, which means none.
func NewLoose() *Loose {
	return &Loose{HTTPClient: &http.Client{Timeout: 0}} // want `http.Client Timeout is 0, which means no timeout`
}

// TokenTransport signs each request before its wrapped transport sends it.
type TokenTransport struct {
	Key       string
	Transport http.RoundTripper
}

func (t *TokenTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("X-Token", t.Key)
	return t.Transport.RoundTrip(req)
}

// Wrap puts the transport in front of the client's and hands the client
// back: its result is the caller's client.
func (t *TokenTransport) Wrap(client *http.Client) *http.Client { // want Wrap:"returns the client of parameter 0"
	t.Transport = client.Transport
	client.Transport = t
	return client
}

// OrDefault hands back the caller's client, or http.DefaultClient for nil:
// not always the caller's.
func OrDefault(client *http.Client) *http.Client {
	if client == nil {
		return http.DefaultClient // want `http.DefaultClient has no Timeout`
	}
	return client
}
