// Package hooks holds retries whose wait a configuration lets its user
// replace with a function of their own (a BackoffFunc): when nothing in the
// package sets that function, the fixed wait is the one taken unless the
// user does.
package hooks

import (
	"math/rand/v2"
	"net"
	"time"

	"nojitter/realshapes/conf"
)

// Config is the user's configuration: Backoff is fixed, BackoffFunc
// replaces it when set.
type Config struct {
	Retry struct {
		Max         int
		Backoff     time.Duration
		BackoffFunc func(retries, maxRetries int) time.Duration
	}
}

// NewConfig gives the defaults: a fixed 250ms, no function.
func NewConfig() *Config {
	c := &Config{}
	c.Retry.Max = 3
	c.Retry.Backoff = 250 * time.Millisecond
	return c
}

func computeBackoff(conf *Config, remaining int) time.Duration {
	if conf.Retry.BackoffFunc != nil {
		return conf.Retry.BackoffFunc(conf.Retry.Max-remaining, conf.Retry.Max)
	}
	return conf.Retry.Backoff
}

type client struct {
	conf *Config
	addr string
}

func (c *client) ping() error {
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		return err
	}
	return conn.Close()
}

// --- reported ---

// refresh retries by calling itself, waiting what computeBackoff returns.
func (c *client) refresh(remaining int) error {
	if err := c.ping(); err != nil {
		if remaining <= 0 {
			return err
		}
		backoff := computeBackoff(c.conf, remaining)
		time.Sleep(backoff) // want `^recursive retry waits a deterministic duration \(computeBackoff\(c.conf, remaining\)\) between attempts unless Config.Retry.BackoffFunc is set: .*; randomise the wait taken when it is not \(full jitter\)$`
		return c.refresh(remaining - 1)
	}
	return nil
}

// The test may be written the other way round, with the hook in the else.
func (c *client) backoffOtherWay(retries int) time.Duration {
	if c.conf.Retry.BackoffFunc == nil {
		return c.conf.Retry.Backoff
	} else {
		return c.conf.Retry.BackoffFunc(retries, c.conf.Retry.Max)
	}
}

func (c *client) Connect() error {
	var err error
	for i := 0; i < c.conf.Retry.Max; i++ {
		if err = c.ping(); err == nil {
			return nil
		}
		time.Sleep(c.backoffOtherWay(i)) // want `retry loop waits a deterministic duration \(c.backoffOtherWay\(i\)\) between attempts unless Config.Retry.BackoffFunc is set`
	}
	return err
}

// The default may be given to a variable the hook then replaces.
func (c *client) Reconnect() error {
	var err error
	for i := 0; i < c.conf.Retry.Max; i++ {
		if err = c.ping(); err == nil {
			return nil
		}
		wait := c.conf.Retry.Backoff
		if c.conf.Retry.BackoffFunc != nil {
			wait = c.conf.Retry.BackoffFunc(i, c.conf.Retry.Max)
		}
		time.Sleep(wait) // want `retry loop waits a deterministic duration \(wait\) between attempts unless Config.Retry.BackoffFunc is set`
	}
	return err
}

// --- not reported ---

// A default that is itself randomised is jitter whatever the user sets.
func (c *client) jitteredDefault(retries int) time.Duration {
	if c.conf.Retry.BackoffFunc != nil {
		return c.conf.Retry.BackoffFunc(retries, c.conf.Retry.Max)
	}
	return rand.N(c.conf.Retry.Backoff)
}

func (c *client) ConnectJittered() error {
	var err error
	for i := 0; i < c.conf.Retry.Max; i++ {
		if err = c.ping(); err == nil {
			return nil
		}
		time.Sleep(c.jitteredDefault(i))
	}
	return err
}

// The wait is the user's function alone: what it returns is out of sight.
func (c *client) ConnectWithHook() error {
	var err error
	for i := 0; i < c.conf.Retry.Max; i++ {
		if err = c.ping(); err == nil {
			return nil
		}
		if c.conf.Retry.BackoffFunc != nil {
			time.Sleep(c.conf.Retry.BackoffFunc(i, c.conf.Retry.Max))
		}
	}
	return err
}

// Options' Delay is a hook the package itself sets (WithJitter), so it is
// not left to the user: its values are followed no further and the wait
// stays open.
type Options struct {
	Pause time.Duration
	Delay func(attempt int) time.Duration
}

func WithJitter(o *Options) {
	o.Delay = func(int) time.Duration { return rand.N(time.Second) }
}

func (o *Options) wait(attempt int) time.Duration {
	if o.Delay != nil {
		return o.Delay(attempt)
	}
	return o.Pause
}

func Dial(addr string, o *Options) (net.Conn, error) {
	var err error
	for i := 0; i < 5; i++ {
		var conn net.Conn
		if conn, err = net.Dial("tcp", addr); err == nil {
			return conn, nil
		}
		time.Sleep(o.wait(i))
	}
	return nil, err
}

// A hook called without a test that it is set is the wait itself.
type Pacer struct {
	Next   func(attempt int) time.Duration
	Steady time.Duration
}

func (p *Pacer) wait(attempt int) time.Duration {
	if attempt > 3 {
		return p.Next(attempt)
	}
	return p.Steady
}

func (p *Pacer) Dial(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 5; i++ {
		var conn net.Conn
		if conn, err = net.Dial("tcp", addr); err == nil {
			return conn, nil
		}
		time.Sleep(p.wait(i))
	}
	return nil, err
}

// A hook of another package's type may be set by that package (Spread):
// what this package sees of it proves nothing.
func pace(p *conf.Pace, attempt int) time.Duration {
	if p.Delay != nil {
		return p.Delay(attempt)
	}
	return p.Pause
}

func DialPaced(addr string, p *conf.Pace) (net.Conn, error) {
	var err error
	for i := 0; i < 5; i++ {
		var conn net.Conn
		if conn, err = net.Dial("tcp", addr); err == nil {
			return conn, nil
		}
		time.Sleep(pace(p, i))
	}
	return nil, err
}

// A test of another configuration's hook guards nothing here: this one's
// may be called, and set, whatever the other holds.
func (c *client) guardedByOther(other *Config, attempt int) time.Duration {
	if other.Retry.BackoffFunc != nil {
		return c.conf.Retry.BackoffFunc(attempt, c.conf.Retry.Max)
	}
	return c.conf.Retry.Backoff
}

func (c *client) ConnectLike(other *Config) error {
	var err error
	for i := 0; i < c.conf.Retry.Max; i++ {
		if err = c.ping(); err == nil {
			return nil
		}
		time.Sleep(c.guardedByOther(other, i))
	}
	return err
}

// An unexported hook that nothing sets is always nil: the call never runs,
// and the wait is the default alone (fixed by jittering it).
type dialer struct {
	pause   time.Duration
	pauseFn func(attempt int) time.Duration
}

func newDialer() *dialer { return &dialer{pause: time.Second} }

func (d *dialer) wait(attempt int) time.Duration {
	if d.pauseFn != nil {
		return d.pauseFn(attempt)
	}
	return d.pause
}

func (d *dialer) dial(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 5; i++ {
		var conn net.Conn
		if conn, err = net.Dial("tcp", addr); err == nil {
			return conn, nil
		}
		time.Sleep(d.wait(i)) // want `^retry loop waits a deterministic duration \(d.wait\(i\)\) between attempts: clients that failed together retry together; randomise the wait \(full jitter\)$`
	}
	return nil, err
}

// Wait is a helper other packages call between their attempts: its wait
// is fixed unless the user sets the hook, there too.
func Wait(conf *Config, remaining int) {
	time.Sleep(computeBackoff(conf, remaining))
}

// A generic configuration's hook that the package sets through one of its
// instances is not left to the user.
type GConfig[T any] struct {
	Backoff time.Duration
	F       func(T) time.Duration
}

func NewGConfig() *GConfig[int] {
	return &GConfig[int]{Backoff: time.Second, F: func(int) time.Duration { return rand.N(time.Second) }}
}

func (g *GConfig[T]) wait(v T) time.Duration {
	if g.F != nil {
		return g.F(v)
	}
	return g.Backoff
}

func DialG[T any](addr string, g *GConfig[T], v T) (net.Conn, error) {
	var err error
	for i := 0; i < 5; i++ {
		var conn net.Conn
		if conn, err = net.Dial("tcp", addr); err == nil {
			return conn, nil
		}
		time.Sleep(g.wait(v))
	}
	return nil, err
}

// A hook whose address the package hands on may be set there.
type Retrier struct {
	Backoff     time.Duration
	BackoffFunc func(attempt int) time.Duration
}

func setDefault(f *func(int) time.Duration, def func(int) time.Duration) {
	if *f == nil {
		*f = def
	}
}

func NewRetrier() *Retrier {
	r := &Retrier{Backoff: time.Second}
	setDefault(&r.BackoffFunc, func(int) time.Duration { return rand.N(time.Second) })
	return r
}

func (r *Retrier) wait(attempt int) time.Duration {
	if r.BackoffFunc != nil {
		return r.BackoffFunc(attempt)
	}
	return r.Backoff
}

func (r *Retrier) Dial(addr string) (net.Conn, error) {
	var err error
	for i := 0; i < 5; i++ {
		var conn net.Conn
		if conn, err = net.Dial("tcp", addr); err == nil {
			return conn, nil
		}
		time.Sleep(r.wait(i))
	}
	return nil, err
}
