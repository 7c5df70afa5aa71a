// Package moby is zerotimeout's Docker SDK case against the real
// github.com/moby/moby/client, the SDK's own module: a client handed to it
// by WithHTTPClient is not reported.
package moby

import (
	"net/http"

	"github.com/moby/moby/client"
)

// Daemon hands its client to the SDK.
func Daemon() (*client.Client, error) {
	return client.New(client.FromEnv, client.WithHTTPClient(&http.Client{}))
}

// Hub is a client of its own beside the SDK's: reported.
func Hub(u string) (*http.Response, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	return c.Get(u)
}
