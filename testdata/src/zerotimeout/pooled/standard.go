package pooled

import (
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// go-retryablehttp's StandardClient returns a client with no Timeout whose
// every attempt goes through the retrying client's HTTPClient: bounded when
// that one is, and that one is checked where it is made.

// Config holds the client a caller chooses.
type Config struct {
	HTTPClient *http.Client
}

// Retrying wraps the caller's client (lego's NewRetryableClient): quiet.
func Retrying(hc *http.Client) *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 5
	rc.HTTPClient = hc
	return rc.StandardClient()
}

// RetryingFrom wraps the client of the caller's configuration: quiet.
func RetryingFrom(cfg Config) *http.Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient = cfg.HTTPClient
	return rc.StandardClient()
}

// RetryingBounded wraps a client with a Timeout: quiet.
func RetryingBounded() *http.Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	return rc.StandardClient()
}

// RetryingDefault keeps the library's own client, which has no Timeout.
func RetryingDefault() *http.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	return rc.StandardClient() // want `^retryablehttp.Client.StandardClient returns an http.Client with no Timeout: a server that stops answering blocks its calls forever$`
}

// RetryingMaybe wraps the caller's client only when there is one: the
// library's own may remain.
func RetryingMaybe(hc *http.Client) *http.Client {
	rc := retryablehttp.NewClient()
	if hc != nil {
		rc.HTTPClient = hc
	}
	return rc.StandardClient() // want `^retryablehttp.Client.StandardClient returns an http.Client with no Timeout: a server that stops answering blocks its calls forever$`
}

// Options configure a client the way godo's NewClient does.
type Options struct {
	HTTPClient *http.Client
	RetryMax   int
}

// RetryingKeepsTimeout gives the library's own client the Timeout of the
// caller's before wrapping it (godo): each attempt is bounded by it, and the
// caller's client is judged where it is made. Quiet.
func RetryingKeepsTimeout(o *Options) {
	if o.RetryMax > 0 {
		rc := retryablehttp.NewClient()
		rc.RetryMax = o.RetryMax
		rc.HTTPClient.Timeout = o.HTTPClient.Timeout
		o.HTTPClient = rc.StandardClient()
	}
}

// RetryingSetTimeout bounds the library's own client: quiet.
func RetryingSetTimeout() *http.Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient.Timeout = 20 * time.Second
	return rc.StandardClient()
}

// RetryingTimeoutSometimes bounds the library's client only under a
// condition the call does not share.
func RetryingTimeoutSometimes(d time.Duration) *http.Client {
	rc := retryablehttp.NewClient()
	if d > 0 {
		rc.HTTPClient.Timeout = d
	}
	return rc.StandardClient() // want `^retryablehttp.Client.StandardClient returns an http.Client with no Timeout`
}

// RetryingTimeoutZero sets a Timeout of zero, which is none.
func RetryingTimeoutZero() *http.Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient.Timeout = 0
	return rc.StandardClient() // want `^retryablehttp.Client.StandardClient returns an http.Client with no Timeout`
}

// RetryingTimeoutReplaced bounds a client and then puts another, made out
// of sight, in its place.
func RetryingTimeoutReplaced(mk func() *http.Client) *http.Client {
	rc := retryablehttp.NewClient()
	rc.HTTPClient.Timeout = 20 * time.Second
	rc.HTTPClient = mk()
	return rc.StandardClient() // want `^retryablehttp.Client.StandardClient returns an http.Client with no Timeout`
}
