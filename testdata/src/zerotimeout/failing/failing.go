// Package failing keeps a client whose transport fails every request
// without sending it (prometheus' scrape pool, for a target whose client
// could not be made): it never waits on a server, so it needs no Timeout.
// A transport that sends, or that may, still does.
package failing

import (
	"errors"
	"fmt"
	"net/http"
)

type failingRoundTripper struct{ err error }

func (f failingRoundTripper) RoundTrip(*http.Request) (*http.Response, error) { return nil, f.err }

type refusing struct{ target string }

func (r *refusing) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == "" {
		return nil, errors.New("no host")
	}
	return nil, fmt.Errorf("refusing %s: no client for %s", req.URL, r.target)
}

// A placeholder answers nil, nil: it says nothing of what the real one does.
type placeholder struct{}

func (placeholder) RoundTrip(*http.Request) (*http.Response, error) { return nil, nil }

// A transport that sends through another after its check.
type checking struct{ next http.RoundTripper }

func (c checking) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Host == "" {
		return nil, errors.New("no host")
	}
	return c.next.RoundTrip(req)
}

// Get sends through a client for one target.
func Get(c *http.Client, u string) error {
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Clients returns the clients of the pool's targets.
func Clients(err error) []error {
	var errs []error
	for _, c := range []*http.Client{
		{Transport: failingRoundTripper{err: err}},
		{Transport: &refusing{target: "db"}},
		{Transport: checking{next: http.DefaultTransport}}, // want `http.Client has no Timeout`
		{Transport: placeholder{}},                         // want `http.Client has no Timeout`
	} {
		errs = append(errs, Get(c, "http://example.com/"))
	}
	return errs
}
