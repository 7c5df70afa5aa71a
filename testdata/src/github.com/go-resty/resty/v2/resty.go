// Package resty is a stub of github.com/go-resty/resty/v2 v2.17.2: the API
// surface retrylint's tests use, with the real signatures.
package resty

import (
	"context"
	"net/http"
	"time"
)

const (
	MethodGet    = "GET"
	MethodPost   = "POST"
	MethodPut    = "PUT"
	MethodDelete = "DELETE"
	MethodPatch  = "PATCH"
)

type (
	RequestMiddleware  func(*Client, *Request) error
	ResponseMiddleware func(*Client, *Response) error
	PreRequestHook     func(*Client, *http.Request) error
	RetryConditionFunc func(*Response, error) bool
	OnRetryFunc        func(*Response, error)
)

// Client struct is used to create a Resty client with client-level settings.
type Client struct {
	BaseURL          string
	Header           http.Header
	RetryCount       int
	RetryWaitTime    time.Duration
	RetryMaxWaitTime time.Duration
	RetryConditions  []RetryConditionFunc
	RetryHooks       []OnRetryFunc
}

func New() *Client { return &Client{Header: http.Header{}} }

func NewWithClient(hc *http.Client) *Client { return New() }

func (c *Client) R() *Request { return &Request{Header: http.Header{}, client: c} }

func (c *Client) NewRequest() *Request { return c.R() }

func (c *Client) SetBaseURL(url string) *Client { c.BaseURL = url; return c }

func (c *Client) SetHeader(header, value string) *Client { c.Header.Set(header, value); return c }

func (c *Client) SetHeaders(headers map[string]string) *Client { return c }

func (c *Client) SetTimeout(timeout time.Duration) *Client { return c }

func (c *Client) SetRetryCount(count int) *Client { c.RetryCount = count; return c }

func (c *Client) SetRetryWaitTime(waitTime time.Duration) *Client { return c }

func (c *Client) SetRetryMaxWaitTime(maxWaitTime time.Duration) *Client { return c }

func (c *Client) AddRetryCondition(condition RetryConditionFunc) *Client { return c }

func (c *Client) OnBeforeRequest(m RequestMiddleware) *Client { return c }

func (c *Client) SetPreRequestHook(h PreRequestHook) *Client { return c }

// Request struct is used to compose and fire individual requests from
// Resty client.
type Request struct {
	URL    string
	Method string
	Header http.Header
	Body   interface{}

	client *Client
}

func (r *Request) SetContext(ctx context.Context) *Request { return r }

func (r *Request) SetHeader(header, value string) *Request { r.Header.Set(header, value); return r }

func (r *Request) SetHeaders(headers map[string]string) *Request { return r }

func (r *Request) SetHeaderMultiValues(headers map[string][]string) *Request { return r }

func (r *Request) SetHeaderVerbatim(header, value string) *Request { return r }

func (r *Request) SetBody(body interface{}) *Request { r.Body = body; return r }

func (r *Request) SetResult(res interface{}) *Request { return r }

func (r *Request) Get(url string) (*Response, error) { return r.Execute(MethodGet, url) }

func (r *Request) Post(url string) (*Response, error) { return r.Execute(MethodPost, url) }

func (r *Request) Put(url string) (*Response, error) { return r.Execute(MethodPut, url) }

func (r *Request) Patch(url string) (*Response, error) { return r.Execute(MethodPatch, url) }

func (r *Request) Send() (*Response, error) { return r.Execute(r.Method, r.URL) }

func (r *Request) Execute(method, url string) (*Response, error) { return &Response{Request: r}, nil }

// Response struct holds response values of executed requests.
type Response struct {
	Request     *Request
	RawResponse *http.Response
}

func (r *Response) StatusCode() int { return 0 }

func (r *Response) Body() []byte { return nil }
