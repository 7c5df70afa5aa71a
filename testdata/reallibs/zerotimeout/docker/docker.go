// Package docker is zerotimeout's Docker SDK case against the real
// github.com/docker/docker/client: the SDK's calls may rightly wait as long
// as they take (logs -f, events, a commit answered when done), so a client
// handed to it by WithHTTPClient is not reported, whatever the options.
package docker

import (
	"net/http"
	"time"

	"github.com/docker/docker/client"
)

// Docker hands its client to the SDK, with WithTimeout after it.
func Docker() (*client.Client, error) {
	hc := &http.Client{}
	return client.NewClientWithOpts(client.FromEnv, client.WithHTTPClient(hc), client.WithTimeout(30*time.Second))
}

// DockerNoTimeout sets no Timeout, as the SDK's own default client does not.
func DockerNoTimeout() (*client.Client, error) {
	return client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation(), client.WithHTTPClient(&http.Client{}))
}

// Registry is a client of its own beside the SDK's: reported.
func Registry(u string) (*http.Response, error) {
	c := &http.Client{} // want `^http.Client has no Timeout`
	return c.Get(u)
}
