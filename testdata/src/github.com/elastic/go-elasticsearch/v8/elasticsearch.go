// Package elasticsearch is a stub of github.com/elastic/go-elasticsearch/v8
// v8.19.7: only the API surface retrylint's tests use, with the real
// signatures.
package elasticsearch

import (
	"net/http"

	"github.com/elastic/elastic-transport-go/v8/elastictransport"
	"github.com/elastic/go-elasticsearch/v8/esapi"
)

// Config is elasticsearch.go's Config (some fields).
type Config struct {
	Addresses     []string
	RetryOnStatus []int
	DisableRetry  bool
	MaxRetries    int
}

// BaseClient is elasticsearch.go's BaseClient (exported fields).
type BaseClient struct {
	Transport elastictransport.Interface
}

// Client is elasticsearch.go's Client.
type Client struct {
	BaseClient
	*esapi.API
}

// NewDefaultClient is elasticsearch.go's NewDefaultClient.
func NewDefaultClient() (*Client, error) { return NewClient(Config{}) }

// NewClient is elasticsearch.go's NewClient.
func NewClient(cfg Config) (*Client, error) {
	c := &Client{}
	c.API = esapi.New(c)
	return c, nil
}

// Perform is elasticsearch.go's (*BaseClient).Perform.
func (c *BaseClient) Perform(req *http.Request) (*http.Response, error) { return nil, nil }
