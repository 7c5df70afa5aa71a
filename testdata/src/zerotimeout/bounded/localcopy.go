package bounded

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// LogConfig is what callers give NewUploader; its HTTPC is exported.
type LogConfig struct {
	HTTPC *http.Client
	URL   string
}

// Uploader sends every upload under a deadline.
type Uploader struct {
	httpc *http.Client
	url   string
}

// NewUploader falls back to http.DefaultClient in its own copy of cfg,
// whose field is read only here: the client goes to Uploader.httpc, and
// every upload through it carries a 45s deadline.
func NewUploader(cfg LogConfig) *Uploader {
	if cfg.HTTPC == nil {
		cfg.HTTPC = http.DefaultClient
	}
	return &Uploader{httpc: cfg.HTTPC, url: cfg.URL}
}

type uploadKey struct{}

func (u *Uploader) upload(ctx context.Context, body []byte) error {
	ctx = context.WithValue(ctx, uploadKey{}, len(body))
	ctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", u.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := u.httpc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Tagger's uploads make a deadline, then send under the caller's context
// instead: the last value given to ctx before the request decides.
type Tagger struct{ httpc *http.Client }

// NewTagger gives its client to a Tagger.
func NewTagger(cfg LogConfig) *Tagger { // want NewTagger:"falls back to http.DefaultClient when parameter 0's HTTPC is nil"
	if cfg.HTTPC == nil {
		cfg.HTTPC = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return &Tagger{httpc: cfg.HTTPC}
}

func (t *Tagger) tag(ctx context.Context, u string) error {
	bounded, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	ctx = bounded
	ctx = context.WithValue(context.Background(), uploadKey{}, u)
	req, err := http.NewRequestWithContext(ctx, "PUT", u, nil)
	if err != nil {
		return err
	}
	resp, err := t.httpc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// LeakConfig hands its whole copy of cfg back: the client goes out of
// sight with it.
func LeakConfig(cfg LogConfig) *LogConfig { // want LeakConfig:"falls back to http.DefaultClient when parameter 0's HTTPC is nil"
	if cfg.HTTPC == nil {
		cfg.HTTPC = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return &cfg
}

// pinger sends without a deadline.
type pinger struct{ httpc *http.Client }

// NewPinger's copy of cfg gives its client to a pinger that sends with no
// deadline.
func NewPinger(cfg LogConfig) func() error { // want NewPinger:"falls back to http.DefaultClient when parameter 0's HTTPC is nil"
	if cfg.HTTPC == nil {
		cfg.HTTPC = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	p := &pinger{httpc: cfg.HTTPC}
	return func() error {
		resp, err := p.httpc.Get(cfg.URL)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
}
