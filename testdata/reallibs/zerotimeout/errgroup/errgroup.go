// Package errgroup is zerotimeout's stall-watch case against the real
// golang.org/x/sync/errgroup: a function the group runs that fails on the
// clock cancels the group's context, which bounds the request made under
// it; a group without one does not.
package errgroup

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"golang.org/x/sync/errgroup"
)

var errStalled = errors.New("stalled")

// Part fails the group when the transfer takes over a minute.
func Part(ctx context.Context, url string, w io.Writer) error {
	g, ctx := errgroup.WithContext(ctx)
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
		return err
	})
	g.Go(func() error {
		select {
		case <-done:
			return nil
		case <-time.After(time.Minute):
			return errStalled
		}
	})
	return g.Wait()
}

// Parts has no watchdog.
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
