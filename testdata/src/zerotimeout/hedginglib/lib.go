// Package hedginglib decorates the clients it is given, as loki's hedging
// package does: a function that only sets the client's fields and hands it
// back, replacing a nil client by http.DefaultClient first, leaves that
// fallback to be checked at the calls that give it nil.
package hedginglib

import (
	"errors"
	"net/http"
	"time"
)

// Config says when to send a hedged request.
type Config struct {
	At time.Duration
}

type hedged struct{ next http.RoundTripper }

func (h *hedged) RoundTrip(req *http.Request) (*http.Response, error) { return h.next.RoundTrip(req) }

// ClientWithRegisterer puts the hedging transport in front of the client's
// and hands the client back: nil beside an error, http.DefaultClient for a
// nil client. The fallback is quiet here.
func (cfg *Config) ClientWithRegisterer(client *http.Client, name string) (*http.Client, error) { // want ClientWithRegisterer:"returns the client of parameter 0 \\(http.DefaultClient for nil\\), only decorating it"
	if client == nil {
		client = http.DefaultClient
	}
	if cfg.At == 0 {
		return client, nil
	}
	if name == "" {
		return nil, errors.New("hedging: no name")
	}
	client.Transport = &hedged{next: client.Transport}
	return client, nil
}

// Default gives ClientWithRegisterer nil, so the client it hands on is
// http.DefaultClient: reported at the nil.
func Default(cfg *Config) (*http.Client, error) {
	return cfg.ClientWithRegisterer(nil, "default") // want `^hedginglib.Config.ClientWithRegisterer gives back http.DefaultClient for a nil client, and http.DefaultClient has no Timeout`
}

// Fetch falls back to http.DefaultClient and sends through the client
// itself: no decorator, so the fallback is reported where it is.
func Fetch(client *http.Client, u string) (*http.Client, error) { // want Fetch:"returns the client of parameter 0 \\(http.DefaultClient for nil\\)$" Fetch:"falls back to http.DefaultClient when parameter 0 is nil"
	if client == nil {
		client = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	resp, err := client.Get(u)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return client, nil
}

// Last keeps the client it was given.
var Last *http.Client

// Keep falls back to http.DefaultClient and keeps the client in a
// variable: no decorator.
func Keep(client *http.Client) *http.Client { // want Keep:"returns the client of parameter 0 \\(http.DefaultClient for nil\\)$" Keep:"falls back to http.DefaultClient when parameter 0 is nil"
	if client == nil {
		client = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	Last = client
	return client
}
