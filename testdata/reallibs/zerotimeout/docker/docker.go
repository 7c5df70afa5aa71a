// Package docker is zerotimeout's Docker SDK case against the real
// github.com/docker/docker/client: the options apply in order, and
// WithTimeout sets the Timeout of the client WithHTTPClient handed over
// before it.
package docker

import (
	"net/http"
	"time"

	"github.com/docker/docker/client"
)

// Docker hands its client to the SDK, whose WithTimeout, applied after it,
// sets the client's Timeout.
func Docker() (*client.Client, error) {
	hc := &http.Client{}
	return client.NewClientWithOpts(client.FromEnv, client.WithHTTPClient(hc), client.WithTimeout(30*time.Second))
}

// DockerTimeoutFirst: this Timeout goes to the SDK's own client, which the
// next option replaces.
func DockerTimeoutFirst() (*client.Client, error) {
	hc := &http.Client{} // want `^http.Client has no Timeout`
	return client.NewClientWithOpts(client.WithTimeout(30*time.Second), client.WithHTTPClient(hc))
}

// DockerNoTimeout sets no Timeout.
func DockerNoTimeout() (*client.Client, error) {
	return client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation(), client.WithHTTPClient(&http.Client{})) // want `^http.Client has no Timeout`
}
