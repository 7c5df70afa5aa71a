// Package tokens hands out token sources behind an interface, as x/oauth2
// does: each Token call makes one request.
package tokens

import (
	"context"
	"net/http"
)

// A TokenSource returns a token.
type TokenSource interface {
	Token() (string, error)
}

// Config says where tokens come from.
type Config struct{ URL string }

// TokenSource returns a source that fetches a token once per call.
func (c *Config) TokenSource(ctx context.Context) TokenSource { return &fetcher{ctx: ctx, url: c.URL} }

// Reuse returns a source that keeps the token src gave until it expires.
func Reuse(src TokenSource) TokenSource { return &reuse{src: src} }

type fetcher struct {
	ctx context.Context
	url string
}

func (f *fetcher) Token() (string, error) {
	req, err := http.NewRequestWithContext(f.ctx, http.MethodPost, f.url, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	return resp.Header.Get("Token"), resp.Body.Close()
}

type reuse struct {
	src TokenSource
	tok string
}

func (r *reuse) Token() (string, error) {
	if r.tok != "" {
		return r.tok, nil
	}
	tok, err := r.src.Token()
	r.tok = tok
	return tok, err
}
