// Package transportfactoryuse makes clients around the transports of
// another package of the repository: one bounded by its fact, one not.
package transportfactoryuse

import (
	"net/http"

	"zerotimeout/transportfactory"
)

// Client is made around the configured transport: quiet.
func Client(cfg transportfactory.Config) *http.Client {
	return &http.Client{Transport: transportfactory.NewTransportCustom(cfg, nil)}
}

// PlainClient is made around a transport with no bound.
func PlainClient() *http.Client { // want PlainClient:"returns an unbounded client"
	return &http.Client{Transport: transportfactory.NewPlain()} // want `http.Client has no Timeout`
}
