// Package stallwatch sends under the context of an errgroup one of whose
// functions watches the transfer on the clock and fails when it stalls
// (ollama's download parts): its failure cancels the group's context, and
// with it the request.
package stallwatch

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"golang.org/x/sync/errgroup"
)

var errStalled = errors.New("stalled")

// --- quiet ---

// Part fails the group when no byte arrives for 30 seconds.
func Part(ctx context.Context, url string, w io.Writer) error {
	g, ctx := errgroup.WithContext(ctx)
	progress := make(chan struct{}, 1)
	done := make(chan struct{})
	g.Go(func() error {
		defer close(done)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		_, err = io.Copy(w, resp.Body)
		progress <- struct{}{}
		return err
	})
	g.Go(func() error {
		ticker := time.NewTicker(time.Second)
		defer ticker.Stop()
		last := time.Now()
		for {
			select {
			case <-done:
				return nil
			case <-progress:
				last = time.Now()
			case <-ticker.C:
				if time.Since(last) > 30*time.Second {
					return errStalled
				}
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	})
	return g.Wait()
}

// --- reported ---

// Parts runs its requests in a group with no watchdog.
func Parts(ctx context.Context, urls []string) error {
	g, ctx := errgroup.WithContext(ctx)
	for _, url := range urls {
		g.Go(func() error {
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			if err != nil {
				return err
			}
			resp, err := http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
			if err != nil {
				return err
			}
			return resp.Body.Close()
		})
	}
	return g.Wait()
}

// Watched's clock only passes the context's own end on: nothing of its
// own cancels the group.
func Watched(ctx context.Context, url string) error {
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
	g.Go(func() error {
		select {
		case <-time.After(time.Minute):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	})
	return g.Wait()
}
