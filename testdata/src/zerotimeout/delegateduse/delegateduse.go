// Package delegateduse calls the functions of package delegated, which
// make clients around the transport given to them: their facts carry the
// check to these calls.
package delegateduse

import (
	"net/http"
	"time"

	"zerotimeout/delegated"
)

func use() {
	delegated.Open(http.DefaultTransport)                           // want `^delegated.Open makes an http.Client with no Timeout around this transport`
	delegated.New(&delegated.Options{Transport: &http.Transport{}}) // want `^delegated.New makes an http.Client with no Timeout around this transport`
	delegated.New(&delegated.Options{})
	delegated.Open(&http.Transport{ResponseHeaderTimeout: 5 * time.Second})
}

// Wrap hands its caller's transport on to delegated.Open.
func Wrap(rt http.RoundTripper) *delegated.Backend { // want Wrap:`delegates\(param 0\)`
	return delegated.Open(rt)
}
