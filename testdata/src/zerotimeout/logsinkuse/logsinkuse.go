// Package logsinkuse gives package logsink its clients.
package logsinkuse

import (
	"net/http"

	"zerotimeout/logsink"
)

// Bounded hands logsink a client it only sends through under a deadline.
func Bounded() *logsink.Sink {
	return logsink.New(logsink.Config{HTTPC: &http.Client{}, Target: "https://logs.example"})
}

// Unbounded hands logsink clients it sends through with no deadline, or
// that another package may use.
func Unbounded() *logsink.Sink {
	return logsink.New(logsink.Config{
		Probe: &http.Client{}, // want `^http.Client has no Timeout`
		Spare: &http.Client{}, // want `^http.Client has no Timeout`
	})
}
