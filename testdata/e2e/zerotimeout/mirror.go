package zerotimeout

import (
	"context"
	"io"
	"net/http"
	"time"
)

// Mirror sends every request with a deadline: fine.
type Mirror struct{ hc *http.Client }

// NewMirror makes a Mirror.
func NewMirror() *Mirror { return &Mirror{hc: &http.Client{}} }

// Get fetches u within d.
func (m *Mirror) Get(ctx context.Context, u string, d time.Duration) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := m.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
