// Package wswrap is a made-up library of a module of its own that wraps
// coder/websocket without importing net/http: its Dial hands its caller's
// options on unchanged, so it falls back as websocket.Dial does.
package wswrap

import (
	"context"

	"github.com/coder/websocket"
)

// Dial dials u with the caller's options.
func Dial(ctx context.Context, u string, opts *websocket.DialOptions) error { // want Dial:"falls back to http.DefaultClient when parameter 2's HTTPClient is nil"
	c, _, err := websocket.Dial(ctx, u, opts)
	if err != nil {
		return err
	}
	_ = c
	return nil
}
