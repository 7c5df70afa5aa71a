// Package use is in wswrap's module but not coder/websocket's: the
// fallback is reported in the other module, out of its sight, so its call
// that gives nil is reported here.
package use

import (
	"context"

	"example.net/wswrap"
)

func Dial(ctx context.Context, u string) error {
	return wswrap.Dial(ctx, u, nil) // want `^wswrap.Dial falls back to http.DefaultClient when DialOptions.HTTPClient is nil`
}
