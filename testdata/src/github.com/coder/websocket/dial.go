// Package websocket is a stub of github.com/coder/websocket v1.8.14 (the
// successor of nhooyr.io/websocket): Dial and the options it fills in, with
// the real dial.go's fallback to http.DefaultClient when
// DialOptions.HTTPClient is nil.
package websocket

import (
	"context"
	"errors"
	"io"
	"net/http"
)

// DialOptions represents Dial's options.
type DialOptions struct {
	HTTPClient   *http.Client
	HTTPHeader   http.Header
	Host         string
	Subprotocols []string
}

// Conn represents a WebSocket connection.
type Conn struct{ rwc io.ReadWriteCloser }

// Dial performs a WebSocket handshake on url.
func Dial(ctx context.Context, u string, opts *DialOptions) (*Conn, *http.Response, error) {
	return dial(ctx, u, opts, nil)
}

func dial(ctx context.Context, urls string, opts *DialOptions, rand io.Reader) (_ *Conn, _ *http.Response, err error) {
	var cancel context.CancelFunc
	ctx, cancel, opts = opts.cloneWithDefaults(ctx)
	if cancel != nil {
		defer cancel()
	}
	resp, err := handshakeRequest(ctx, urls, opts)
	if err != nil {
		return nil, resp, err
	}
	rwc, ok := resp.Body.(io.ReadWriteCloser)
	if !ok {
		return nil, resp, errors.New("response body is not a io.ReadWriteCloser")
	}
	return &Conn{rwc: rwc}, resp, nil
}

func (opts *DialOptions) cloneWithDefaults(ctx context.Context) (context.Context, context.CancelFunc, *DialOptions) {
	var cancel context.CancelFunc

	var o DialOptions
	if opts != nil {
		o = *opts
	}
	if o.HTTPClient == nil {
		o.HTTPClient = http.DefaultClient
	}
	if o.HTTPClient.Timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, o.HTTPClient.Timeout)

		newClient := *o.HTTPClient
		newClient.Timeout = 0
		o.HTTPClient = &newClient
	}
	if o.HTTPHeader == nil {
		o.HTTPHeader = http.Header{}
	}
	return ctx, cancel, &o
}

func handshakeRequest(ctx context.Context, urls string, opts *DialOptions) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", urls, nil)
	if err != nil {
		return nil, err
	}
	req.Header = opts.HTTPHeader.Clone()
	req.Header.Set("Upgrade", "websocket")
	return opts.HTTPClient.Do(req)
}
