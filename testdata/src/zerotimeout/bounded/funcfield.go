package bounded

import (
	"context"
	"net/http"
	"time"
)

// Options configure a notifier; Do sends a request through a client, and
// defaults to send.
type Options struct {
	Do func(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error)
}

// send falls back to http.DefaultClient for a nil client, but it is only
// ever stored in Options.Do, and the package's only call through that field
// gives it the notifier's client.
func send(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	if c == nil {
		c = http.DefaultClient
	}
	return c.Do(req.WithContext(ctx))
}

type Notifier struct {
	opts   *Options
	client *http.Client
}

func NewNotifier(o *Options, c *http.Client) *Notifier {
	if o.Do == nil {
		o.Do = send
	}
	return &Notifier{opts: o, client: c}
}

func (n *Notifier) Notify(ctx context.Context, req *http.Request) error {
	resp, err := n.opts.Do(ctx, n.client, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// hooks hold a sender set by a literal; a call through it passes nil, so
// the fallback is reached.
type hooks struct {
	post func(c *http.Client, req *http.Request) (*http.Response, error)
}

func postVia(c *http.Client, req *http.Request) (*http.Response, error) {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return c.Do(req)
}

var defaultHooks = hooks{post: postVia}

func Post(req *http.Request) error {
	resp, err := defaultHooks.post(nil, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A field whose function is handed on: its callers are out of sight,
// though the package's own call gives it a client.
type relay struct {
	get func(c *http.Client, u string) (*http.Response, error)
}

func (r relay) Fetch(u string) (*http.Response, error) {
	return r.get(&http.Client{Timeout: time.Minute}, u)
}

func getVia(c *http.Client, u string) (*http.Response, error) {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return c.Get(u)
}

func NewRelay() func(*http.Client, string) (*http.Response, error) {
	r := relay{get: getVia}
	return r.get
}

// A function stored in a variable: its callers are out of sight too.
func headVia(c *http.Client, u string) (*http.Response, error) {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return c.Head(u)
}

var Head = headVia
