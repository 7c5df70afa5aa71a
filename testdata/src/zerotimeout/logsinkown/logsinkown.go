// Package logsinkown stores a client in logsink's bounded field and also
// sends through that field itself, with no deadline: its own uses count.
package logsinkown

import (
	"net/http"

	"zerotimeout/logsink"
)

// Own sends through the field itself, with no deadline.
func Own() error {
	cfg := logsink.Config{HTTPC: &http.Client{}} // want `^http.Client has no Timeout`
	resp, err := cfg.HTTPC.Get("https://logs.example/health")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
