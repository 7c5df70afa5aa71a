// Package nilclient calls libraries of other modules that fall back to a
// client with no Timeout when they are given none: each call that leaves the
// client out is reported here, where a client can be given.
package nilclient

import (
	"context"
	"net/http"
	"time"

	"example.com/apiclient"
	"example.net/wswrap"
	"github.com/coder/websocket"
)

func DialNil(ctx context.Context, u string) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(ctx, u, nil) // want `^websocket.Dial falls back to http.DefaultClient when DialOptions.HTTPClient is nil, and it has no Timeout`
	return c, err
}

func DialHeaderOnly(ctx context.Context, u string, h http.Header) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h}) // want `^websocket.Dial falls back to http.DefaultClient when DialOptions.HTTPClient is nil`
	return c, err
}

func DialNilClient(ctx context.Context, u string) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: nil}) // want `^websocket.Dial falls back`
	return c, err
}

func DialOptionsVar(ctx context.Context, u string, h http.Header) (*websocket.Conn, error) {
	opts := &websocket.DialOptions{HTTPHeader: h}
	c, _, err := websocket.Dial(ctx, u, opts) // want `^websocket.Dial falls back to http.DefaultClient when DialOptions.HTTPClient is nil`
	return c, err
}

func DialOptionsValue(ctx context.Context, u string, h http.Header) (*websocket.Conn, error) {
	opts := websocket.DialOptions{HTTPHeader: h}
	c, _, err := websocket.Dial(ctx, u, &opts) // want `^websocket.Dial falls back to http.DefaultClient when DialOptions.HTTPClient is nil`
	return c, err
}

// DialOptionsSet sets the client on its options before the call.
func DialOptionsSet(ctx context.Context, u string, h http.Header) (*websocket.Conn, error) {
	opts := &websocket.DialOptions{HTTPHeader: h}
	opts.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	c, _, err := websocket.Dial(ctx, u, opts)
	return c, err
}

// DialOptionsConfigured hands its options to a function that may set the
// client.
func DialOptionsConfigured(ctx context.Context, u string, configure func(*websocket.DialOptions)) (*websocket.Conn, error) {
	opts := &websocket.DialOptions{}
	configure(opts)
	c, _, err := websocket.Dial(ctx, u, opts)
	return c, err
}

func DialWithClient(ctx context.Context, u string) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: &http.Client{Timeout: 10 * time.Second}})
	return c, err
}

// DialWithin gives the handshake a deadline: the default client's requests
// carry it.
func DialWithin(ctx context.Context, u string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, nil)
	return c, err
}

// DialCallers passes on options its caller made: checked there, through
// the fact it gets.
func DialCallers(ctx context.Context, u string, opts *websocket.DialOptions) (*websocket.Conn, error) { // want DialCallers:"falls back to http.DefaultClient when parameter 2's HTTPClient is nil"
	c, _, err := websocket.Dial(ctx, u, opts)
	return c, err
}

func NewNil() *apiclient.Client {
	return apiclient.New(nil) // want `^apiclient.New falls back to a new http.Client given a nil client, and it has no Timeout: a server that stops answering blocks its calls forever`
}

func NewGiven() *apiclient.Client {
	return apiclient.New(&http.Client{Timeout: 10 * time.Second})
}

func FetchNil(ctx context.Context, u string) error {
	return apiclient.Fetch(ctx, nil, u) // want `^apiclient.Fetch falls back to http.DefaultClient given a nil client`
}

func FetchViaNil(ctx context.Context, u string) error {
	return apiclient.FetchVia(ctx, u, nil) // want `^apiclient.FetchVia falls back to http.DefaultClient given a nil client`
}

// FetchOwnNil, NewBoundedNil and FetchWithinNil call functions whose nil is
// bounded: replaced by a client with a Timeout, or sent under a deadline.
func FetchOwnNil(ctx context.Context, u string) error {
	return apiclient.FetchOwn(ctx, u, nil)
}

func NewBoundedNil() *apiclient.Client {
	return apiclient.NewBounded(nil)
}

func FetchWithinNil(ctx context.Context, u string) error {
	return apiclient.FetchWithin(ctx, nil, u)
}

func OpenHeaders(ctx context.Context, u string, h http.Header) error {
	return apiclient.Open(ctx, u, &apiclient.Options{Header: h}) // want `^apiclient.Open falls back to http.DefaultClient when Options.HTTPClient is nil`
}

func OpenBoundedHeaders(ctx context.Context, u string, h http.Header) error {
	return apiclient.OpenBounded(ctx, u, &apiclient.Options{Header: h})
}

func WrappedNil(ctx context.Context, u string) error {
	return wswrap.Dial(ctx, u, nil) // want `^wswrap.Dial falls back to http.DefaultClient when DialOptions.HTTPClient is nil`
}

// FetchStrictNil calls a function that refuses nil rather than fall back.
func FetchStrictNil(ctx context.Context, u string) error {
	return apiclient.FetchStrict(ctx, nil, u)
}

// OpenTimeoutNil calls a function that makes a client of its own from the
// options' Timeout before it falls back.
func OpenTimeoutNil(ctx context.Context, u string) error {
	return apiclient.OpenTimeout(ctx, u, &apiclient.Options{Timeout: 5 * time.Second})
}
