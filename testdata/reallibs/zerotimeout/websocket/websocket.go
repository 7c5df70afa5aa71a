// Package websocket is zerotimeout's NilClient case against the real
// github.com/coder/websocket: Dial falls back to http.DefaultClient when
// DialOptions.HTTPClient is nil, which the fact on Dial carries here from the
// library's own source.
package websocket

import (
	"context"
	"net/http"
	"time"

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

func DialWithClient(ctx context.Context, u string) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: &http.Client{Timeout: 10 * time.Second}})
	return c, err
}

func DialWithin(ctx context.Context, u string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, nil)
	return c, err
}
