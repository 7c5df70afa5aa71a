// Package wrappeduse wraps clients in retryablehttp's StandardClient that
// come from another package of the repository: through a field that holds
// only clients with a Timeout, and through a helper that hands back the
// caller's client.
package wrappeduse

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"zerotimeout/wrappedlib"
)

// Config holds the client a caller chooses.
type Config struct {
	HTTPClient *http.Client
}

// --- quiet ---

// Provider retries through the API client's own client (10s Timeout) or the
// caller's (lego's octenium provider).
func Provider(key string, cfg Config) *http.Client {
	client := wrappedlib.NewClient(key)
	if cfg.HTTPClient != nil {
		client.HTTPClient = cfg.HTTPClient
	}
	rc := retryablehttp.NewClient()
	rc.RetryMax = 5
	rc.HTTPClient = client.HTTPClient
	return rc.StandardClient()
}

// TokenProvider retries through the caller's client, which Wrap hands back
// (lego's constellix provider).
func TokenProvider(key string, cfg Config) *http.Client {
	tr := &wrappedlib.TokenTransport{Key: key}
	rc := retryablehttp.NewClient()
	rc.HTTPClient = tr.Wrap(cfg.HTTPClient)
	return rc.StandardClient()
}

type own struct {
	hc *http.Client
}

func newOwn() *own {
	return &own{hc: &http.Client{Timeout: time.Minute}}
}

// OwnProvider retries through a field of this package that holds only a
// client with a Timeout.
func OwnProvider() *http.Client {
	o := newOwn()
	rc := retryablehttp.NewClient()
	rc.HTTPClient = o.hc
	return rc.StandardClient()
}

// signed sets the client's transport and hands the client back.
func signed(hc *http.Client, key string) *http.Client {
	hc.Transport = &wrappedlib.TokenTransport{Key: key, Transport: hc.Transport}
	return hc
}

// SignedProvider retries through the caller's client, which this package's
// helper hands back.
func SignedProvider(hc *http.Client, key string) *http.Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient = signed(hc, key)
	return rc.StandardClient()
}

// --- reported ---

// LooseProvider retries through a field that holds a client with no
// Timeout.
func LooseProvider() *http.Client {
	client := wrappedlib.NewLoose()
	rc := retryablehttp.NewClient()
	rc.HTTPClient = client.HTTPClient
	return rc.StandardClient() // want `^retryablehttp.Client.StandardClient returns an http.Client with no Timeout`
}

// DefaultProvider may retry through http.DefaultClient.
func DefaultProvider(hc *http.Client) *http.Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient = wrappedlib.OrDefault(hc)
	return rc.StandardClient() // want `^retryablehttp.Client.StandardClient returns an http.Client with no Timeout`
}
