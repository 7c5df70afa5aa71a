// Package client is a stub of github.com/moby/moby/client (v0.5.1), the
// Docker SDK's own module: the constructors and the options that hand it an
// *http.Client and set that client's Timeout, with the real signatures
// (client.go, client_options.go).
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

type clientConfig struct {
	client *http.Client
}

// Opt is a configuration option to initialize a Client.
type Opt func(*clientConfig) error

// New initializes a new API client with a default HTTPClient; options are
// applied in order.
func New(ops ...Opt) (*Client, error) {
	cfg := &clientConfig{client: &http.Client{}}
	for _, op := range ops {
		if err := op(cfg); err != nil {
			return nil, err
		}
	}
	return &Client{client: cfg.client}, nil
}

// NewClientWithOpts initializes a new API client.
//
// Deprecated: use [New].
func NewClientWithOpts(ops ...Opt) (*Client, error) { return New(ops...) }

// FromEnv configures the client with values from environment variables.
func FromEnv(c *clientConfig) error { return nil }

// WithHTTPClient overrides the client's HTTP client with the specified one.
func WithHTTPClient(client *http.Client) Opt {
	return func(c *clientConfig) error {
		if client != nil {
			hc := *client
			c.client = &hc
		}
		return nil
	}
}

// WithTimeout configures the time limit for requests made by the HTTP client.
func WithTimeout(timeout time.Duration) Opt {
	return func(c *clientConfig) error {
		c.client.Timeout = timeout
		return nil
	}
}
