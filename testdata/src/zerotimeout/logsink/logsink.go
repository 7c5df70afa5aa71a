// Package logsink takes its callers' clients in an exported field and
// sends through them only under a deadline: a fact tells its importers.
package logsink

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// Config is what callers give New.
type Config struct {
	HTTPC  *http.Client // want HTTPC:`bounded field`
	Probe  *http.Client // sent through with no deadline: no fact
	Spare  *http.Client // never sent through here: no fact, another package may
	Target string
}

// Sink uploads logs.
type Sink struct {
	cfg Config
}

// New makes a Sink.
func New(cfg Config) *Sink { return &Sink{cfg: cfg} }

// Upload sends one batch under a deadline.
func (s *Sink) Upload(ctx context.Context, body []byte) error {
	ctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "POST", s.cfg.Target, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := s.cfg.HTTPC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Ping sends with no deadline.
func (s *Sink) Ping() error {
	resp, err := s.cfg.Probe.Get(s.cfg.Target)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
