// Package mockserver keeps a fake of a service beside the code, in a file
// that does not import "testing" (cli's tunnels_api_server_mock.go): the
// function that starts the httptest server and the client wired to it are
// test code, skipped like a _test.go file. The package's other clients are
// not.
package mockserver

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
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}, nil
}

// NewClient is the real one.
func NewClient() *http.Client { // want NewClient:"returns an unbounded client"
	return &http.Client{Transport: &http.Transport{}} // want `http.Client has no Timeout`
}
