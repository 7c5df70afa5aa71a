package streaming

import (
	"crypto/tls"
	"io"
	"net/http"
	"time"
)

func download(c *http.Client, u string, w io.Writer) error {
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// Pooled has its own transport: the fix adds the bounds it lacks. A dial
// timeout would need a DialContext, which turns off HTTP/2 on a transport
// that does not decide it otherwise: none is added.
var Pooled = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 10}} // want `^http.Client has no Timeout`

// ForcedHTTP2 decides HTTP/2 itself: a DialContext keeps that, so the fix
// adds a dial timeout too.
var ForcedHTTP2 = &http.Client{ // want `^http.Client has no Timeout`
	Transport: &http.Transport{
		ForceAttemptHTTP2:   true,
		TLSHandshakeTimeout: 0,
	},
}

// customTLS is one transport, given a TLS configuration.
var customTLS = &http.Transport{TLSClientConfig: &tls.Config{MinVersion: tls.VersionTLS12}}

// CustomTLS sends through it: the fix bounds that transport.
var CustomTLS = &http.Client{Transport: customTLS} // want `^http.Client has no Timeout`

// DefaultTransport names http.DefaultTransport: the fix puts a copy of its
// settings with the bound in its place.
var DefaultTransport = &http.Client{Transport: http.DefaultTransport} // want `^http.Client has no Timeout`

// Opaque sends through a transport the analyzer cannot see into: no fix.
var Opaque = &http.Client{Transport: opaque} // want `^http.Client has no Timeout`

// wrapped is a RoundTripper of the package, made around nothing visible.
type wrapped struct{ http.RoundTripper }

var opaque http.RoundTripper = wrapped{}

// Assigned gets its transport after it is made: the fix bounds that one.
func Assigned(u string, w io.Writer) error {
	tr := &http.Transport{DisableCompression: true}
	c := &http.Client{} // want `^http.Client has no Timeout`
	c.Transport = tr
	return download(c, u, w)
}

// PerRequest makes its client for each request: its new transport keeps no
// idle connections.
func PerRequest(u string, w io.Writer) error {
	return download(new(http.Client), u, w) // want `^new\(http.Client\) has no Timeout`
}

// Zero says Timeout: 0 and streams: the transport fix leaves it.
func Zero(u string, w io.Writer) error {
	c := http.Client{Timeout: 0 * time.Second} // want `^http.Client Timeout is 0`
	return download(&c, u, w)
}

// Loop makes its client once and downloads every file through it: its new
// transport keeps the pool of idle connections.
func Loop(urls []string, w io.Writer) error {
	c := &http.Client{} // want `^http.Client has no Timeout`
	for _, u := range urls {
		if err := download(c, u, w); err != nil {
			return err
		}
	}
	return nil
}
