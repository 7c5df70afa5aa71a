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
