package setbefore

import (
	"io"
	"net/http"
	"time"
)

// options are what a caller may give newAPI: nil pointers and nil
// interfaces unless given.
type options struct {
	timeout   *time.Duration
	limit     time.Duration
	transport http.RoundTripper
}

type api struct{ hc *http.Client }

func (a *api) fetch(u string) ([]byte, error) {
	resp, err := a.hc.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// newAPI sets the Timeout only when the caller gives the option: without
// it the client has none (go-github's newClient).
func newAPI(o options) *api {
	a := &api{hc: &http.Client{}} // want `^http.Client has no Timeout`
	if o.timeout != nil {
		a.hc.Timeout = *o.timeout
	}
	return a
}

// newLimited sets it under another condition, which the analyzer cannot
// judge (a limit that defaults elsewhere): quiet.
func newLimited(o options) *api {
	a := &api{hc: &http.Client{}}
	if o.limit > 0 {
		a.hc.Timeout = o.limit
	}
	return a
}

// newTransported takes the caller's transport only when given one: the
// client otherwise sends through http.DefaultTransport, so it is reported
// here, not left to its callers.
func newTransported(o options) *api {
	a := &api{hc: &http.Client{}} // want `^http.Client has no Timeout`
	if o.transport != nil {
		a.hc.Transport = o.transport
	}
	return a
}

// bounded is a transport that bounds the wait for the response headers.
var bounded = &http.Transport{ResponseHeaderTimeout: 10 * time.Second}

// newBothBounded has a bounded transport on either path: quiet.
func newBothBounded(useOther bool) *api {
	a := &api{hc: &http.Client{Transport: bounded}}
	if useOther {
		a.hc.Transport = &http.Transport{ResponseHeaderTimeout: time.Minute}
	}
	return a
}

var _ = []any{newAPI, newLimited, newTransported, newBothBounded}
