// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp
// v0.7.8: the API surface retrylint's tests use, with the real signatures.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"time"
)

type ReaderFunc func() (io.Reader, error)

// Request wraps the metadata needed to create HTTP requests.
type Request struct {
	body ReaderFunc

	// Embed an HTTP request directly. This makes a *Request act exactly
	// like an *http.Request so that all meta methods are supported.
	*http.Request
}

func FromRequest(r *http.Request) (*Request, error) { return &Request{Request: r}, nil }

func NewRequest(method, url string, rawBody interface{}) (*Request, error) {
	return NewRequestWithContext(context.Background(), method, url, rawBody)
}

func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	r, err := http.NewRequestWithContext(ctx, method, url, nil)
	return &Request{Request: r}, err
}

type RequestLogHook func(Logger, *http.Request, int)

type Logger interface {
	Printf(string, ...interface{})
}

type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

type Backoff func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration

type PrepareRetry func(req *http.Request) error

// Client is used to make HTTP requests. It adds additional functionality
// like automatic retries to tolerate minor outages.
type Client struct {
	HTTPClient *http.Client // Internal HTTP client.
	Logger     interface{}  // Customer logger instance. Can be either Logger or LeveledLogger

	RetryWaitMin time.Duration // Minimum time to wait
	RetryWaitMax time.Duration // Maximum time to wait
	RetryMax     int           // Maximum number of retries

	RequestLogHook RequestLogHook
	CheckRetry     CheckRetry
	Backoff        Backoff
	PrepareRetry   PrepareRetry
}

// NewClient creates a new Client with default settings.
func NewClient() *Client {
	return &Client{
		HTTPClient:   &http.Client{},
		RetryWaitMin: 1 * time.Second,
		RetryWaitMax: 30 * time.Second,
		RetryMax:     4,
		Backoff:      DefaultBackoff,
	}
}

func DefaultBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func LinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func (c *Client) Do(req *Request) (*http.Response, error) { return c.HTTPClient.Do(req.Request) }

func Get(url string) (*http.Response, error) { return NewClient().Get(url) }

func (c *Client) Get(url string) (*http.Response, error) { return nil, nil }

func Post(url, bodyType string, body interface{}) (*http.Response, error) {
	return NewClient().Post(url, bodyType, body)
}

func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) { return nil, nil }

func PostForm(url string, data url.Values) (*http.Response, error) {
	return NewClient().PostForm(url, data)
}

func (c *Client) PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }

func (c *Client) StandardClient() *http.Client { return &http.Client{} }
