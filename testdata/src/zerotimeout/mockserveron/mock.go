// Package mockserveron is mockserver under -zerotimeout.tests: the client
// wired to the fake server is reported too.
package mockserveron

import (
	"net/http"
	"net/http/httptest"
	"net/url"
)

// NewMockClient starts a fake API server and returns a client that sends
// every request to it.
func NewMockClient() (*http.Client, error) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
	}))
	u, err := url.Parse(srv.URL)
	if err != nil {
		return nil, err
	}
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}, nil // want `http.Client has no Timeout`
}
