// Package retryablehttp is a stub of github.com/hashicorp/go-retryablehttp
// v0.7.8: its whole main API (client, requests, backoffs, retry policies,
// round tripper), with the real signatures and trivial bodies.
package retryablehttp

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// ReaderFunc is the type of function that can be given natively to NewRequest
type ReaderFunc func() (io.Reader, error)

// ResponseHandlerFunc is a type of function that takes in a Response, and does something with it.
type ResponseHandlerFunc func(*http.Response) error

// LenReader is an interface implemented by many in-memory io.Reader's.
type LenReader interface {
	Len() int
}

// Request wraps the metadata needed to create HTTP requests.
type Request struct {
	body ReaderFunc

	responseHandler ResponseHandlerFunc

	// Embed an HTTP request directly. This makes a *Request act exactly
	// like an *http.Request so that all meta methods are supported.
	*http.Request
}

func (r *Request) WithContext(ctx context.Context) *Request {
	return &Request{body: r.body, responseHandler: r.responseHandler, Request: r.Request.WithContext(ctx)}
}

func (r *Request) SetResponseHandler(fn ResponseHandlerFunc) { r.responseHandler = fn }

func (r *Request) BodyBytes() ([]byte, error) { return nil, nil }

func (r *Request) SetBody(rawBody interface{}) error { return nil }

func (r *Request) WriteTo(w io.Writer) (int64, error) { return 0, nil }

func FromRequest(r *http.Request) (*Request, error) { return &Request{Request: r}, nil }

func NewRequest(method, url string, rawBody interface{}) (*Request, error) {
	return NewRequestWithContext(context.Background(), method, url, rawBody)
}

func NewRequestWithContext(ctx context.Context, method, url string, rawBody interface{}) (*Request, error) {
	r, err := http.NewRequestWithContext(ctx, method, url, nil)
	return &Request{Request: r}, err
}

// Logger interface allows to use other loggers than standard log.Logger.
type Logger interface {
	Printf(string, ...interface{})
}

// LeveledLogger is an interface that can be implemented by any logger or a
// logger wrapper to provide leveled logging.
type LeveledLogger interface {
	Error(msg string, keysAndValues ...interface{})
	Info(msg string, keysAndValues ...interface{})
	Debug(msg string, keysAndValues ...interface{})
	Warn(msg string, keysAndValues ...interface{})
}

type RequestLogHook func(Logger, *http.Request, int)

type ResponseLogHook func(Logger, *http.Response)

type CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)

type Backoff func(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration

type ErrorHandler func(resp *http.Response, err error, numTries int) (*http.Response, error)

type PrepareRetry func(req *http.Request) error

// Client is used to make HTTP requests. It adds additional functionality
// like automatic retries to tolerate minor outages.
type Client struct {
	HTTPClient *http.Client // Internal HTTP client.
	Logger     interface{}  // Customer logger instance. Can be either Logger or LeveledLogger

	RetryWaitMin time.Duration // Minimum time to wait
	RetryWaitMax time.Duration // Maximum time to wait
	RetryMax     int           // Maximum number of retries

	RequestLogHook  RequestLogHook
	ResponseLogHook ResponseLogHook
	CheckRetry      CheckRetry
	Backoff         Backoff
	ErrorHandler    ErrorHandler
	PrepareRetry    PrepareRetry

	loggerInit sync.Once
	clientInit sync.Once
}

// NewClient creates a new Client with default settings: RetryMax 4 (five
// attempts), waits of 1 s to 30 s, DefaultBackoff (no jitter).
func NewClient() *Client {
	return &Client{
		HTTPClient:   &http.Client{},
		RetryWaitMin: 1 * time.Second,
		RetryWaitMax: 30 * time.Second,
		RetryMax:     4,
		CheckRetry:   DefaultRetryPolicy,
		Backoff:      DefaultBackoff,
	}
}

func DefaultRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return err != nil, nil
}

func ErrorPropagatedRetryPolicy(ctx context.Context, resp *http.Response, err error) (bool, error) {
	return err != nil, err
}

func DefaultBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func LinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func RateLimitLinearJitterBackoff(min, max time.Duration, attemptNum int, resp *http.Response) time.Duration {
	return min
}

func PassthroughErrorHandler(resp *http.Response, err error, _ int) (*http.Response, error) {
	return resp, err
}

func (c *Client) Do(req *Request) (*http.Response, error) { return c.HTTPClient.Do(req.Request) }

func Get(url string) (*http.Response, error) { return NewClient().Get(url) }

func (c *Client) Get(url string) (*http.Response, error) { return nil, nil }

func Head(url string) (*http.Response, error) { return NewClient().Head(url) }

func (c *Client) Head(url string) (*http.Response, error) { return nil, nil }

func Post(url, bodyType string, body interface{}) (*http.Response, error) {
	return NewClient().Post(url, bodyType, body)
}

func (c *Client) Post(url, bodyType string, body interface{}) (*http.Response, error) {
	return nil, nil
}

func PostForm(url string, data url.Values) (*http.Response, error) {
	return NewClient().PostForm(url, data)
}

func (c *Client) PostForm(url string, data url.Values) (*http.Response, error) { return nil, nil }

// StandardClient returns a stdlib *http.Client with a custom Transport, which
// shims in a *retryablehttp.Client for added retries.
func (c *Client) StandardClient() *http.Client {
	return &http.Client{Transport: &RoundTripper{Client: c}}
}

// RoundTripper implements the http.RoundTripper interface, using a retrying
// HTTP client to execute requests.
type RoundTripper struct {
	// The client to use during requests. If nil, the default retryablehttp
	// client and settings will be used.
	Client *Client

	once sync.Once
}

// RoundTrip sends the request through the retrying client, as the real
// one does.
func (rt *RoundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	retryableReq, err := FromRequest(req)
	if err != nil {
		return nil, err
	}
	return rt.Client.Do(retryableReq)
}
