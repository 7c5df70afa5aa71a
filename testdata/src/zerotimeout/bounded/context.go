// Package bounded holds clients without a Timeout whose waits are bounded
// another way (quiet), beside near misses that are not (reported).
package bounded

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// readAll reads a response whole.
func readAll(resp *http.Response, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// WithTimeout: every request carries a deadline made where it is sent.
func WithTimeout(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(c.Do(req))
}

// WithDeadlineDerived: a deadline, then a value: still a deadline.
func WithDeadlineDerived(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{}
	dctx, cancel := context.WithDeadline(ctx, time.Now().Add(time.Minute))
	defer cancel()
	vctx := context.WithValue(dctx, struct{}{}, "v")
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(vctx)
	return readAll(c.Do(req))
}

// Watchdog: a timer cancels the request's context when the transfer stalls.
func Watchdog(ctx context.Context, u string, w io.Writer) error {
	c := &http.Client{}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	timer := time.AfterFunc(time.Minute, cancel)
	defer timer.Stop()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// GoroutineWatchdog: a goroutine cancels the request when it stalls.
func GoroutineWatchdog(ctx context.Context, u string, progress <-chan struct{}) ([]byte, error) {
	c := &http.Client{}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		for {
			select {
			case <-progress:
			case <-time.After(time.Minute):
				cancel()
				return
			}
		}
	}()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(c.Do(req))
}

// CallerContext: the caller's context may have no deadline.
func CallerContext(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(c.Do(req))
}

// CancelOnly: WithCancel whose cancel only runs when the function returns
// is no watchdog.
func CancelOnly(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(c.Do(req))
}

// WithoutDeadlineAfter: the request sent is the one made last, without the
// deadline.
func WithoutDeadlineAfter(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	tctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(tctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req = req.WithContext(context.WithoutCancel(tctx))
	return readAll(c.Do(req))
}

// MixedSends: one send has a deadline, the other (Get) cannot.
func MixedSends(ctx context.Context, u string) ([]byte, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if _, err := readAll(c.Do(req)); err != nil {
		return nil, err
	}
	return readAll(c.Get(u))
}

// service keeps its client in an unexported field: the analyzer follows the
// field to its uses in the package.
type service struct{ hc *http.Client }

// NewService makes a service whose every request has a deadline.
func NewService() *service { return &service{hc: &http.Client{}} }

func (s *service) fetch(ctx context.Context, u string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(s.hc.Do(req))
}

// leaky sends through its field without a deadline.
type leaky struct{ hc *http.Client }

// NewLeaky makes a leaky service.
func NewLeaky() *leaky { return &leaky{hc: &http.Client{}} } // want `^http.Client has no Timeout`

func (l *leaky) fetch(u string) ([]byte, error) { return readAll(l.hc.Get(u)) }

// Exposed keeps its client in an exported field: code in other packages may
// send through it, out of sight.
type Exposed struct{ HC *http.Client }

// NewExposed makes an Exposed.
func NewExposed() *Exposed { return &Exposed{HC: &http.Client{}} } // want `^http.Client has no Timeout`

// Printed hands its client to another package.
func Printed() {
	c := &http.Client{} // want `^http.Client has no Timeout`
	fmt.Println(c)
}

// DefaultWithDeadline sends through http.DefaultClient with a deadline.
func DefaultWithDeadline(ctx context.Context, u string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req))
}

// DefaultWithoutDeadline does not.
func DefaultWithoutDeadline(ctx context.Context, u string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return readAll(http.DefaultClient.Do(req)) // want `^http.DefaultClient has no Timeout`
}
