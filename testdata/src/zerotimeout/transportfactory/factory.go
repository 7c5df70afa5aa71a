// Package transportfactory is a repository's shared transport factory
// (rclone's fshttp): the transport it returns bounds the wait for the
// response headers with a configured timeout, and a fact says so to the
// packages that make clients around it.
package transportfactory

import (
	"net"
	"net/http"
	"time"
)

// Config is the user's configuration.
type Config struct {
	Timeout        time.Duration
	ConnectTimeout time.Duration
}

// Transport wraps the configured transport, counting what it sends.
type Transport struct {
	*http.Transport
	sent int
}

// NewTransportCustom returns the configured transport, after customize.
func NewTransportCustom(cfg Config, customize func(*http.Transport)) http.RoundTripper { // want NewTransportCustom:"returns a bounded transport"
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.TLSHandshakeTimeout = cfg.ConnectTimeout
	t.ResponseHeaderTimeout = cfg.Timeout
	t.DialContext = (&net.Dialer{Timeout: cfg.ConnectTimeout}).DialContext
	if customize != nil {
		customize(t)
	}
	return newTransport(t)
}

func newTransport(t *http.Transport) *Transport { return &Transport{Transport: t} }

// NewPlain returns a transport with no bound on the wait.
func NewPlain() http.RoundTripper {
	return http.DefaultTransport.(*http.Transport).Clone()
}
