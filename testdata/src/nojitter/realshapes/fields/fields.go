// Package fields holds retry loops whose wait comes from a struct field or
// a configuration struct: a field is as fixed as a constant unless
// something gives it a randomised value.
package fields

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"

	"nojitter/realshapes/conf"
)

var errExhausted = errors.New("retries exhausted")

// --- reported ---

// Client is an API client with a configured delay between retries.
type Client struct {
	hc         *http.Client
	baseURL    string
	retryDelay time.Duration
	maxRetries int
}

func NewClient(hc *http.Client, baseURL string) *Client {
	return &Client{hc: hc, baseURL: baseURL, retryDelay: 2 * time.Second, maxRetries: 3}
}

func (c *Client) Get(ctx context.Context, path string) (*http.Response, error) {
	var lastErr error
	for i := 0; i <= c.maxRetries; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.baseURL+path, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(c.retryDelay) // want `retry loop waits a deterministic duration \(c.retryDelay\) between attempts: clients that failed together retry together; randomise the wait \(full jitter\)`
	}
	return nil, lastErr
}

// WatchConfig is read from a YAML file: nothing in the code sets it.
type WatchConfig struct {
	Endpoint string        `yaml:"endpoint"`
	Interval time.Duration `yaml:"interval"`
	Jitter   time.Duration `yaml:"jitter"`
}

type Watcher struct {
	hc  *http.Client
	cfg WatchConfig
}

func (w *Watcher) announce(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, w.cfg.Endpoint, nil)
	if err != nil {
		return err
	}
	resp, err := w.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A field named Jitter that holds a configured, fixed duration is no
// jitter.
func (w *Watcher) Register(ctx context.Context) error {
	for {
		if err := w.announce(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(w.cfg.Interval + w.cfg.Jitter): // want `retry loop waits a deterministic duration \(w.cfg.Interval \+ w.cfg.Jitter\)`
		}
	}
}

// pushOpts are options with defaults: an exponential backoff, capped.
type pushOpts struct {
	backoff    time.Duration
	maxBackoff time.Duration
	attempts   int
}

func defaultPushOpts() pushOpts {
	return pushOpts{backoff: 100 * time.Millisecond, maxBackoff: 5 * time.Second, attempts: 5}
}

// WithBackoff overrides the initial backoff.
func WithBackoff(d time.Duration) func(*pushOpts) {
	return func(o *pushOpts) { o.backoff = d }
}

type Pusher struct {
	hc   *http.Client
	url  string
	opts pushOpts
}

func NewPusher(hc *http.Client, url string, opts ...func(*pushOpts)) *Pusher {
	p := &Pusher{hc: hc, url: url, opts: defaultPushOpts()}
	for _, o := range opts {
		o(&p.opts)
	}
	return p
}

func NewSlowPusher(hc *http.Client, url string) *Pusher {
	return NewPusher(hc, url, WithBackoff(time.Second))
}

func (p *Pusher) send(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, nil)
	if err != nil {
		return err
	}
	resp, err := p.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (p *Pusher) Push(ctx context.Context) error {
	o := p.opts
	for attempt := 0; attempt < o.attempts; attempt++ {
		if err := p.send(ctx); err == nil {
			return nil
		}
		time.Sleep(min(o.backoff<<attempt, o.maxBackoff)) // want `retry loop waits a deterministic duration \(min\(o.backoff << attempt, o.maxBackoff\)\)`
	}
	return errExhausted
}

// A field of another package's configuration that nothing randomises.
type Poller struct {
	hc   *http.Client
	url  string
	poll conf.Poll
}

func (p *Poller) Ready(ctx context.Context) error {
	for i := 0; i < 10; i++ {
		resp, err := p.hc.Get(p.url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(p.poll.Every) // want `retry loop waits a deterministic duration \(p.poll.Every\)`
	}
	return errExhausted
}

// --- not reported ---

// A field given a randomised value where it is set.
type Renewer struct {
	hc    *http.Client
	url   string
	every time.Duration
}

func NewRenewer(hc *http.Client, url string, base time.Duration) *Renewer {
	return &Renewer{hc: hc, url: url, every: base/2 + rand.N(base/2)}
}

func (r *Renewer) Renew(ctx context.Context) error {
	for i := 0; i < 5; i++ {
		resp, err := r.hc.Post(r.url, "text/plain", nil)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(r.every)
	}
	return errExhausted
}

// A field set from a constructor's parameter, which its caller randomises.
type fetcher struct {
	hc    *http.Client
	delay time.Duration
}

func newFetcher(hc *http.Client, delay time.Duration) *fetcher {
	return &fetcher{hc: hc, delay: delay}
}

func NewFetcher(hc *http.Client) *fetcher {
	return newFetcher(hc, time.Duration(rand.Int64N(int64(time.Second))))
}

func (f *fetcher) fetch(url string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := f.hc.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(f.delay)
	}
	return nil, errExhausted
}

// A field of another package's type that that package randomises (a fact).
type Syncer struct {
	hc    *http.Client
	url   string
	retry conf.Retry
}

func (s *Syncer) Sync(ctx context.Context) error {
	for i := 0; i < s.retry.Attempts; i++ {
		resp, err := s.hc.Get(s.url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(s.retry.Wait)
	}
	return errExhausted
}

// An unexported field that nothing sets is zero: an immediate retry, no
// wait to spread.
type prober struct {
	hc    *http.Client
	pause time.Duration
}

func (p *prober) probe(url string) error {
	for i := 0; i < 3; i++ {
		resp, err := p.hc.Get(url)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(p.pause)
	}
	return errExhausted
}
