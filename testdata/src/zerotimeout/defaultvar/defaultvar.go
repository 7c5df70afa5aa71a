// Package defaultvar gives http.DefaultClient a Timeout through a variable
// or field that holds it: c := http.DefaultClient; c.Timeout = d changes the
// shared client, and it is bounded.
package defaultvar

import (
	"net/http"
	"time"
)

// Config holds the client a library sends through.
type Config struct {
	HTTPClient *http.Client
	Timeout    time.Duration
}

// NewClient falls back to http.DefaultClient and gives it the configured
// Timeout, or 60 seconds (Adyen's Go library): bounded either way.
func NewClient(cfg *Config) *Config {
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = http.DefaultClient
		if cfg.Timeout != 0 {
			cfg.HTTPClient.Timeout = cfg.Timeout
		} else {
			cfg.HTTPClient.Timeout = 60 * time.Second
		}
	}
	return cfg
}

// Get sends through the configured client.
func (cfg *Config) Get(u string) (*http.Response, error) { return cfg.HTTPClient.Get(u) }

// throughVar sets the Timeout through a local variable.
func throughVar(u string) {
	c := http.DefaultClient
	c.Timeout = 10 * time.Second
	c.Get(u)
}

// setAfterUse sends before it sets the Timeout: that call had none.
func setAfterUse(u string) {
	c := http.DefaultClient // want `^http.DefaultClient has no Timeout`
	c.Get(u)
	c.Timeout = time.Second
}

// fetchOr sends through the caller's client when it is given one: without
// one, http.DefaultClient still sends with no Timeout.
func fetchOr(hc *http.Client, u string) {
	c := http.DefaultClient // want `^http.DefaultClient has no Timeout`
	if hc != nil {
		c = hc
	}
	c.Get(u)
}

// fetchIf sets a Timeout only when one is configured.
func fetchIf(d time.Duration, u string) {
	c := http.DefaultClient // want `^http.DefaultClient has no Timeout`
	if d > 0 {
		c.Timeout = d
	}
	c.Get(u)
}

// configure may send through the config before the Timeout is set.
func configure(cfg *Config) { cfg.Get("http://example.com/ping") }

func configuredFirst(cfg *Config) {
	cfg.HTTPClient = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	configure(cfg)
	cfg.HTTPClient.Timeout = time.Minute
}

// useInBranch may send before the Timeout is set.
func useInBranch(u string, early bool) {
	c := http.DefaultClient // want `^http.DefaultClient has no Timeout`
	if early {
		c.Get(u)
	}
	c.Timeout = time.Second
	c.Get(u)
}

// inCase sends in its case before the Timeout is set after the switch.
func inCase(cfg *Config, mode int) {
	switch mode {
	case 1:
		cfg.HTTPClient = http.DefaultClient // want `^http.DefaultClient has no Timeout`
		cfg.Get("http://example.com/")
	}
	cfg.HTTPClient.Timeout = time.Minute
}

// inCaseSet gives the Timeout in the same case.
func inCaseSet(cfg *Config, mode int) {
	switch mode {
	case 1:
		cfg.HTTPClient = http.DefaultClient
		cfg.HTTPClient.Timeout = time.Minute
	}
	cfg.Get("http://example.com/")
}
