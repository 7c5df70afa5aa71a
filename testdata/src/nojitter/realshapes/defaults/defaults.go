// Package defaults holds retries whose wait is a function kept in a field
// that the package itself gives a value: a default backoff set by the
// constructor, a package variable named in an options literal. The values
// the package stores decide; an option that takes the user's function
// leaves that default in place unless the user passes one.
package defaults

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

// Client retries 5xx answers, waiting what retryBackoff returns: the
// constructor sets it to a function literal of the attempt (meilisearch's
// shape), the same for every client.
type Client struct {
	hc           *http.Client
	maxRetries   uint8
	retryBackoff func(attempt uint8) time.Duration
}

func NewClient() *Client {
	c := &Client{hc: &http.Client{Timeout: time.Minute}, maxRetries: 3}
	if c.retryBackoff == nil {
		c.retryBackoff = func(attempt uint8) time.Duration {
			return time.Second * time.Duration(attempt)
		}
	}
	return c
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	var tries uint8
	for {
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode < 500 || tries >= c.maxRetries {
			return resp, nil
		}
		resp.Body.Close()
		tries++
		backoff := c.retryBackoff(tries)
		timer := time.NewTimer(backoff) // want `retry loop waits a deterministic duration \(c\.retryBackoff\(tries\)\) between attempts: `
		select {
		case <-req.Context().Done():
			timer.Stop()
			return nil, req.Context().Err()
		case <-timer.C:
		}
	}
}

// BackoffFunc, CallOptions and DefaultBackoff are go-micro's shape: the
// options literal names a package variable that holds a deterministic
// function, and an option lets the user replace it.
type BackoffFunc func(ctx context.Context, attempt int) (time.Duration, error)

func exponentialBackoff(ctx context.Context, attempt int) (time.Duration, error) {
	return time.Duration(1<<attempt) * 100 * time.Millisecond, nil
}

var DefaultBackoff = exponentialBackoff

type CallOptions struct {
	Retries int
	Backoff BackoffFunc
}

type CallOption func(*CallOptions)

// WithBackoff replaces the default with the user's function.
func WithBackoff(fn BackoffFunc) CallOption {
	return func(o *CallOptions) { o.Backoff = fn }
}

func NewCallOptions(opts ...CallOption) CallOptions {
	o := CallOptions{Retries: 5, Backoff: DefaultBackoff}
	for _, opt := range opts {
		opt(&o)
	}
	return o
}

var errUnavailable = errors.New("unavailable")

func Call(ctx context.Context, hc *http.Client, req *http.Request, opts ...CallOption) error {
	o := NewCallOptions(opts...)
	var err error
	for i := 0; i <= o.Retries; i++ {
		t, berr := o.Backoff(ctx, i)
		if berr != nil {
			return berr
		}
		if t > 0 {
			time.Sleep(t) // want `retry loop waits a deterministic duration \(t\) between attempts unless CallOptions\.Backoff is set: .*randomise the wait taken when it is not`
		}
		var resp *http.Response
		resp, err = hc.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
			err = errUnavailable
		}
	}
	return err
}

// Jittered's constructor stores a randomised default: quiet.
type Jittered struct {
	hc   *http.Client
	wait func(attempt int) time.Duration
}

func NewJittered() *Jittered {
	return &Jittered{hc: &http.Client{Timeout: time.Minute}, wait: func(attempt int) time.Duration {
		return rand.N(time.Second << attempt)
	}}
}

func (j *Jittered) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = j.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(j.wait(attempt))
	}
	return err
}

// Delegating stores a method value of a receiver its constructor makes
// with a fixed base: the wait is base × attempt, fixed.
type Delegating struct {
	hc   *http.Client
	base time.Duration
	wait func(attempt int) time.Duration
}

func NewDelegating() *Delegating {
	d := &Delegating{hc: &http.Client{Timeout: time.Minute}, base: time.Second}
	d.wait = d.linear
	return d
}

func (d *Delegating) linear(attempt int) time.Duration { return d.base * time.Duration(attempt) }

func (d *Delegating) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = d.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(d.wait(attempt)) // want `retry loop waits a deterministic duration \(d\.wait\(attempt\)\) between attempts: `
	}
	return err
}

// Spread stores a method value of a receiver whose base is drawn at
// random: quiet. Computed stores a function another function returns,
// which is not followed: quiet.
type Spread struct {
	hc   *http.Client
	base time.Duration
	wait func(attempt int) time.Duration
}

func NewSpread() *Spread {
	s := &Spread{hc: &http.Client{Timeout: time.Minute}, base: rand.N(time.Second)}
	s.wait = s.linear
	return s
}

func (s *Spread) linear(attempt int) time.Duration { return s.base * time.Duration(attempt) }

func (s *Spread) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = s.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(s.wait(attempt))
	}
	return err
}

type Computed struct {
	hc   *http.Client
	wait func(attempt int) time.Duration
}

func pick() func(int) time.Duration { return nil }

func NewComputed() *Computed {
	return &Computed{hc: &http.Client{Timeout: time.Minute}, wait: pick()}
}

func (c *Computed) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = c.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(c.wait(attempt))
	}
	return err
}

// Given takes its only wait function from its caller: quiet.
type Given struct {
	hc   *http.Client
	wait func(attempt int) time.Duration
}

func NewGiven(wait func(int) time.Duration) *Given {
	return &Given{hc: &http.Client{Timeout: time.Minute}, wait: wait}
}

func (g *Given) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = g.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(g.wait(attempt))
	}
	return err
}

// Pacer's wait is a package variable the user may set: named in the
// message. Reset stores nil, which adds nothing (a call of it never runs).
var DefaultPace = func(attempt int) time.Duration { return time.Duration(attempt) * 250 * time.Millisecond }

type Pacer struct {
	hc   *http.Client
	pace func(attempt int) time.Duration
}

func NewPacer() *Pacer { return &Pacer{hc: &http.Client{Timeout: time.Minute}, pace: DefaultPace} }

func (p *Pacer) Reset() { p.pace = nil }

func (p *Pacer) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = p.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(p.pace(attempt)) // want `retry loop waits a deterministic duration \(p\.pace\(attempt\)\) between attempts unless DefaultPace is set`
	}
	return err
}

// Tupled's wait comes from one of a call's results, and Stepper's is a
// method expression, whose first argument is the receiver: neither is
// followed, and both are quiet.
type Tupled struct {
	hc   *http.Client
	wait func(attempt int) time.Duration
}

func pickWait() (func(int) time.Duration, error) {
	return func(attempt int) time.Duration { return time.Second }, nil
}

func NewTupled() (*Tupled, error) {
	t := &Tupled{hc: &http.Client{Timeout: time.Minute}}
	var err error
	t.wait, err = pickWait()
	return t, err
}

func (t *Tupled) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = t.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(t.wait(attempt))
	}
	return err
}

type Stepper struct {
	hc   *http.Client
	base time.Duration
	step func(s *Stepper, attempt int) time.Duration
}

func (s *Stepper) linear(attempt int) time.Duration { return s.base * time.Duration(attempt) }

func NewStepper() *Stepper {
	return &Stepper{hc: &http.Client{Timeout: time.Minute}, base: time.Second, step: (*Stepper).linear}
}

func (s *Stepper) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = s.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(s.step(s, attempt))
	}
	return err
}

// Spacer's wait is a package variable declared without a value and given
// one in init: that value decides.
var DefaultSpacing func(attempt int) time.Duration

func init() {
	DefaultSpacing = func(attempt int) time.Duration { return time.Second }
}

type Spacer struct {
	hc   *http.Client
	wait func(attempt int) time.Duration
}

func NewSpacer() *Spacer {
	return &Spacer{hc: &http.Client{Timeout: time.Minute}, wait: DefaultSpacing}
}

func (s *Spacer) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = s.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(s.wait(attempt)) // want `retry loop waits a deterministic duration \(s\.wait\(attempt\)\) between attempts unless DefaultSpacing is set`
	}
	return err
}

// Pointed hands its wait's address to code that may store anything there:
// quiet, whatever its literal default.
type Pointed struct {
	hc   *http.Client
	wait func(attempt int) time.Duration
}

func configure(w *func(int) time.Duration) {
	*w = func(attempt int) time.Duration { return rand.N(time.Second) }
}

func NewPointed() *Pointed {
	p := &Pointed{hc: &http.Client{Timeout: time.Minute}, wait: func(attempt int) time.Duration { return time.Second }}
	configure(&p.wait)
	return p
}

func (p *Pointed) Get(url string) error {
	var err error
	for attempt := range 4 {
		var resp *http.Response
		if resp, err = p.hc.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(p.wait(attempt))
	}
	return err
}
