// Package cleanhttp is a stub of github.com/hashicorp/go-cleanhttp v0.5.2:
// the same signatures, and clients made the same way (no Timeout, a
// transport with dial and TLS timeouts but no ResponseHeaderTimeout).
package cleanhttp

import (
	"net"
	"net/http"
	"time"
)

// DefaultTransport returns a new transport with keep-alives off.
func DefaultTransport() *http.Transport {
	transport := DefaultPooledTransport()
	transport.DisableKeepAlives = true
	transport.MaxIdleConnsPerHost = -1
	return transport
}

// DefaultPooledTransport returns a new transport for reuse.
func DefaultPooledTransport() *http.Transport {
	return &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		DialContext:         (&net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}).DialContext,
		MaxIdleConns:        100,
		IdleConnTimeout:     90 * time.Second,
		TLSHandshakeTimeout: 10 * time.Second,
		ForceAttemptHTTP2:   true,
	}
}

// DefaultClient returns a new client with its own transport.
func DefaultClient() *http.Client {
	return &http.Client{
		Transport: DefaultTransport(),
	}
}

// DefaultPooledClient returns a new client with a pooled transport.
func DefaultPooledClient() *http.Client {
	return &http.Client{
		Transport: DefaultPooledTransport(),
	}
}
