// Package apiclient is a made-up API client library, a module of its own as
// the libraries users call are, with the fallbacks real ones have when their
// caller gives no client: a new client (go-github's NewClient(nil)), or
// http.DefaultClient, used directly or behind an exported wrapper.
package apiclient

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Client calls the API through hc.
type Client struct{ hc *http.Client }

// New makes a Client; nil means a new http.Client.
func New(hc *http.Client) *Client { // want New:"falls back to a new http.Client when parameter 0 is nil"
	if hc == nil {
		hc = &http.Client{} // want `^http.Client has no Timeout`
	}
	return &Client{hc: hc}
}

// Get fetches u under ctx.
func (c *Client) Get(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fetch gets u through hc, or http.DefaultClient for nil.
func Fetch(ctx context.Context, hc *http.Client, u string) error { // want Fetch:"falls back to http.DefaultClient when parameter 1 is nil"
	if hc == nil {
		hc = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// FetchVia hands its client on to Fetch unchanged.
func FetchVia(ctx context.Context, u string, hc *http.Client) error { // want FetchVia:"falls back to http.DefaultClient when parameter 2 is nil"
	return Fetch(ctx, hc, u)
}

// FetchOwn replaces the caller's client before Fetch sees it.
func FetchOwn(ctx context.Context, u string, hc *http.Client) error {
	hc = pick(hc)
	return Fetch(ctx, hc, u)
}

func pick(hc *http.Client) *http.Client {
	if hc == nil || hc.Timeout == 0 {
		return &http.Client{Timeout: 10 * time.Second}
	}
	return hc
}

// Options configure Open; a nil HTTPClient means http.DefaultClient.
type Options struct {
	HTTPClient *http.Client
	Header     http.Header
	Timeout    time.Duration
}

// Open gets u with the options' client, in the shape of nhooyr.io/websocket
// v1.8's dial: nil options become empty ones, copied before the client is
// filled in.
func Open(ctx context.Context, u string, opts *Options) error { // want Open:"falls back to http.DefaultClient when parameter 2's HTTPClient is nil"
	if opts == nil {
		opts = &Options{}
	}
	opts = &*opts
	if opts.HTTPClient == nil {
		opts.HTTPClient = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header = opts.Header.Clone()
	resp, err := opts.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// OpenBounded gives Open a client with a Timeout whatever its caller gave.
func OpenBounded(ctx context.Context, u string, opts *Options) error {
	opts.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	return Open(ctx, u, opts)
}

// FetchStrict refuses a nil client rather than let Fetch fall back.
func FetchStrict(ctx context.Context, hc *http.Client, u string) error {
	if hc == nil {
		return errors.New("apiclient: nil client")
	}
	return Fetch(ctx, hc, u)
}

// OpenTimeout gives the options a client with their Timeout when they have
// none, before it falls back: a caller that sets Timeout gets that client.
func OpenTimeout(ctx context.Context, u string, opts *Options) error {
	if opts.Timeout > 0 && opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: opts.Timeout}
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := opts.HTTPClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Quick calls Fetch with no client: its module's own call, covered by the
// report at Fetch's fallback.
func Quick(ctx context.Context, u string) error {
	return Fetch(ctx, nil, u)
}

// NewBounded makes a Client; nil means a client with a Timeout.
func NewBounded(hc *http.Client) *Client {
	if hc == nil {
		hc = &http.Client{Timeout: 10 * time.Second}
	}
	return &Client{hc: hc}
}

// FetchWithin bounds every request by its own deadline, whatever client it
// falls back to.
func FetchWithin(ctx context.Context, hc *http.Client, u string) error {
	if hc == nil {
		hc = http.DefaultClient
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
