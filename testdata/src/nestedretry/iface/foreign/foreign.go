// want package:`wiring\(retried nestedretry/iface/foreign/tokens.TokenSource.Token by \(\*foreign.TokenSource\).Token, retried nestedretry/iface/foreign/tokens.TokenSource.Token by \(\*foreign.wrapped\).token; 0 met\)`

// Package foreign retries a token refresh through an interface of another
// package (rclone's oauthutil.TokenSource over x/oauth2): the field's
// values are all made by that package from nothing of this one, so the
// call cannot run this package's own implementation of the interface,
// which is the very method that retries. Where a value of this package's
// type may be handed back, it might.
package foreign

import (
	"context"
	"errors"
	"time"

	"nestedretry/iface/foreign/tokens"
)

var errNoToken = errors.New("no token")

// TokenSource refreshes a token, retrying the refresh.
type TokenSource struct {
	ctx context.Context
	cfg *tokens.Config
	src tokens.TokenSource
}

// Token retries the source its field holds: quiet.
func (ts *TokenSource) Token() (string, error) { // want Token:`reaches\(retries, up to 5 attempts, runs out with nestedretry/iface/foreign.errNoToken\)`
	if ts.src == nil {
		ts.src = ts.cfg.TokenSource(ts.ctx)
	}
	for i := 0; i < 5; i++ {
		if tok, err := ts.src.Token(); err == nil {
			return tok, nil
		}
		time.Sleep(time.Second)
	}
	return "", errNoToken
}

// wrapped holds a source made from one of this package's: it may be one.
type wrapped struct{ src tokens.TokenSource }

func newWrapped(ts *TokenSource) *wrapped { return &wrapped{src: tokens.Reuse(ts)} }

func (w *wrapped) token() (string, error) {
	for i := 0; i < 3; i++ {
		if tok, err := w.src.Token(); err == nil { // want `retry loop of up to 3 attempts calls tokens.TokenSource.Token -> \(\*TokenSource\).Token, which makes up to 5 attempts: up to 15 calls in all`
			return tok, nil
		}
		time.Sleep(time.Second)
	}
	return "", errNoToken
}
