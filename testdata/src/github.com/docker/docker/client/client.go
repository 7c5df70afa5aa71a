// Package client is a stub of github.com/docker/docker/client (v28.5.2):
// the constructor and the options that hand it an *http.Client and set that
// client's Timeout, with the real signatures (client.go, options.go).
package client

import (
	"net/http"
	"time"
)

// Client is the API client that performs all operations against a docker
// server.
type Client struct {
	client *http.Client
}

// Opt is a configuration option to initialize a Client.
type Opt func(*Client) error

// NewClientWithOpts initializes a new API client with a default HTTPClient,
// and default API host and version. Options are applied in order.
func NewClientWithOpts(ops ...Opt) (*Client, error) {
	c := &Client{client: &http.Client{}}
	for _, op := range ops {
		if err := op(c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// FromEnv configures the client with values from environment variables.
func FromEnv(c *Client) error { return nil }

// WithHost overrides the client host with the specified one.
func WithHost(host string) Opt { return func(*Client) error { return nil } }

// WithHTTPClient overrides the client's HTTP client with the specified one.
func WithHTTPClient(client *http.Client) Opt {
	return func(c *Client) error {
		if client != nil {
			c.client = client
		}
		return nil
	}
}

// WithTimeout configures the time limit for requests made by the HTTP
// client.
func WithTimeout(timeout time.Duration) Opt {
	return func(c *Client) error {
		c.client.Timeout = timeout
		return nil
	}
}

// WithAPIVersionNegotiation enables automatic API version negotiation for
// the client.
func WithAPIVersionNegotiation() Opt { return func(*Client) error { return nil } }

// HTTPClient returns a copy of the HTTP client bound to the server.
func (cli *Client) HTTPClient() *http.Client {
	c := *cli.client
	return &c
}

// Close the transport used by the client.
func (cli *Client) Close() error { return nil }
