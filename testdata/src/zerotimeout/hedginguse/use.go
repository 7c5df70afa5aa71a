// Package hedginguse hands clients to azcore through its client options,
// as loki's Azure storage client does: a client made by a factory held in
// a package-level variable, decorated by another package, and given as
// the Transport of options whose retry policy bounds each try.
package hedginguse

import (
	"io"
	"net/http"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"

	"zerotimeout/hedginglib"
)

// defaultClientFactory makes the client for azcore: every try of every
// request carries TryTimeout's deadline, so it is quiet.
var defaultClientFactory = func() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConns: 200}}
}

// Options is what loki's newContainerClient builds.
func Options(timeout time.Duration, hedging *hedginglib.Config, hedge bool) (*azcore.ClientOptions, error) {
	httpClient := defaultClientFactory()
	if hedge {
		var err error
		httpClient, err = hedging.ClientWithRegisterer(httpClient, "loki")
		if err != nil {
			return nil, err
		}
	}
	return &azcore.ClientOptions{
		Retry:     policy.RetryOptions{MaxRetries: 3, TryTimeout: timeout},
		Transport: httpClient,
	}, nil
}

// DefaultOptions gives the decorator nil, and the http.DefaultClient it
// gets back serves azcore under TryTimeout: quiet.
func DefaultOptions(hedging *hedginglib.Config) (*azcore.ClientOptions, error) {
	httpClient, err := hedging.ClientWithRegisterer(nil, "loki")
	if err != nil {
		return nil, err
	}
	return &azcore.ClientOptions{Retry: policy.RetryOptions{TryTimeout: time.Minute}, Transport: httpClient}, nil
}

// Hedged gives the decorator nil and returns what it gets back: reported
// at the nil.
func Hedged(hedging *hedginglib.Config) (*http.Client, error) {
	return hedging.ClientWithRegisterer(nil, "plain") // want `^hedginglib.Config.ClientWithRegisterer gives back http.DefaultClient for a nil client`
}

// Status gives the decorator nil and reads each response whole: reported
// at the nil, whose fix is a client with a Timeout.
func Status(hedging *hedginglib.Config, u string) (int, error) {
	c, err := hedging.ClientWithRegisterer(nil, "status") // want `^hedginglib.Config.ClientWithRegisterer gives back http.DefaultClient for a nil client`
	if err != nil {
		return 0, err
	}
	resp, err := c.Get(u)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, err = io.ReadAll(resp.Body)
	return resp.StatusCode, err
}

// Hedges gives the decorator a client of its own: the decorator's
// fallback is not reached, and the client is checked where it is made.
func Hedges(hedging *hedginglib.Config) (*http.Client, error) {
	return hedging.ClientWithRegisterer(&http.Client{Timeout: time.Minute}, "own")
}

var untriedFactory = func() *http.Client {
	return &http.Client{} // want `^http.Client has no Timeout`
}

// Untried sets no TryTimeout: azcore's default has none.
func Untried() *azcore.ClientOptions {
	return &azcore.ClientOptions{Retry: policy.RetryOptions{MaxRetries: 3}, Transport: untriedFactory()}
}

var zeroTryFactory = func() *http.Client {
	return &http.Client{} // want `^http.Client has no Timeout`
}

// ZeroTry sets a TryTimeout of zero, which turns it off.
func ZeroTry() *azcore.ClientOptions {
	return &azcore.ClientOptions{Retry: policy.RetryOptions{TryTimeout: 0 * time.Second}, Transport: zeroTryFactory()}
}

var sharedFactory = func() *http.Client {
	return &http.Client{} // want `^http.Client has no Timeout`
}

// Factories hands the factory on as a value: its callers are out of sight.
var Factories = []func() *http.Client{sharedFactory}

// Shared gives the factory's client to azcore too: not enough, since the
// factory is also called out of sight.
func Shared() *azcore.ClientOptions {
	return &azcore.ClientOptions{Retry: policy.RetryOptions{TryTimeout: time.Minute}, Transport: sharedFactory()}
}

// Factory is exported: code out of sight may call it.
var Factory = func() *http.Client {
	return &http.Client{} // want `^http.Client has no Timeout`
}

var fetchFactory = func() *http.Client {
	return &http.Client{} // want `^http.Client has no Timeout`
}

// Fetched hands the factory's client to a function that sends through it
// as well as handing it back: it goes out of sight there.
func Fetched(u string) (*azcore.ClientOptions, error) {
	c, err := hedginglib.Fetch(fetchFactory(), u)
	if err != nil {
		return nil, err
	}
	return &azcore.ClientOptions{Retry: policy.RetryOptions{TryTimeout: time.Minute}, Transport: c}, nil
}

// Settings holds the client a caller gives.
type Settings struct {
	Client *http.Client
}

// Rewrap decorates the client of its own copy of the settings in place:
// followed through the decorator back into the field it came from, once
// (an exported field, followed for its fact).
func Rewrap(hedging *hedginglib.Config, s Settings) (*http.Response, error) {
	s.Client, _ = hedging.ClientWithRegisterer(s.Client, "again")
	return s.Client.Get("https://example.com")
}
