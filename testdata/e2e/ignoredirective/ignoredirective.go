// Package ignoredirective holds //retrylint:ignore directives for the
// end-to-end runs: good ones that silence a finding, and bad ones that are
// reported themselves.
package ignoredirective

import (
	"net/http"
	"time"
)

// Fetch uses the default client on purpose; the directive says why.
func Fetch(u string) (*http.Response, error) {
	//retrylint:ignore zerotimeout the caller's context deadline bounds this call
	return http.Get(u)
}

// A directive's own finding stands on the directive's line, where a // want
// comment cannot follow it; the expectations are block comments before it.

// Head is silenced by a directive that forgets its reason, which is reported.
func Head(u string) (*http.Response, error) {
	return http.Head(u) /* want `^retrylint:ignore directive gives no reason` */ //retrylint:ignore zerotimeout
}

// Post misspells the analyzer, so the directive silences nothing.
func Post(u string) (*http.Response, error) {
	return http.Post(u, "text/plain", nil) /* want `^http.Post uses http.DefaultClient` `^retrylint:ignore directive names unknown analyzer "zerotimout"` */ //retrylint:ignore zerotimout the caller's context deadline bounds this call
}

// Client is fine: nothing to report or silence.
var Client = &http.Client{Timeout: 5 * time.Second}
