// Package zerotimeout shows HTTP clients that can wait forever, as
// retrylint's zerotimeout analyzer reports them, and clients bounded another way.
package zerotimeout

import (
	"io"
	"net/http"
	"time"
)

// Fetcher fetches documents from one service.
type Fetcher struct {
	hc *http.Client
}

// NewFetcher makes a Fetcher whose client has no timeout.
func NewFetcher() *Fetcher {
	return &Fetcher{hc: &http.Client{ // want `http.Client has no Timeout: a server that stops answering blocks its calls forever`
		Transport: http.DefaultTransport,
	}}
}

// NewConfigured makes a Fetcher whose Timeout is set before any use: fine.
func NewConfigured(d time.Duration) *Fetcher {
	f := &Fetcher{hc: &http.Client{}}
	f.hc.Timeout = d
	return f
}

// Status asks for the status page through the default client.
func Status(u string) (int, error) {
	resp, err := http.Get(u) // want `http.Get uses http.DefaultClient, which has no Timeout`
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, err = io.ReadAll(resp.Body)
	return resp.StatusCode, err
}

// Send sends req through the default client.
func Send(req *http.Request) (*http.Response, error) {
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no Timeout`
}

// Shared is a package-level client without a timeout.
var Shared http.Client // want `zero-value http.Client Shared has no Timeout`

// Timed has a timeout: fine.
var Timed = &http.Client{Timeout: 5 * time.Second}

// Probe makes a client for health checks, without a timeout.
func Probe() *http.Client {
	return new(http.Client) // want `new\(http.Client\) has no Timeout`
}

// Document reads a document whole through the Fetcher's client: its fix
// sets Timeout.
func (f *Fetcher) Document(u string) ([]byte, error) {
	resp, err := f.hc.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Download streams a file to w: a Timeout would cut a long transfer, so the
// fix bounds the wait for the server (ResponseHeaderTimeout) instead.
func Download(u string, w io.Writer) error {
	resp, err := http.Get(u) // want `http.Get uses http.DefaultClient, which has no Timeout`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// Streaming bounds the wait for response headers on its transport, and
// leaves long bodies alone: fine.
var Streaming = &http.Client{Transport: &http.Transport{ResponseHeaderTimeout: 10 * time.Second}}
