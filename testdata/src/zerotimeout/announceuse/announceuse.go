// Package announceuse calls the announce package from outside it, in the
// same module.
package announceuse

import (
	"context"
	"time"

	"zerotimeout/internal/announce"
	"zerotimeout/internal/pipeline"
)

// Timed gives a context with a deadline: quiet.
func Timed(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	return announce.Post(ctx, url, "timed")
}

// Background gives one with none, through a function that hands it on.
func Background(url string) error {
	return announce.Forward(context.Background(), url) // want `announce.Forward sends through a client with no Timeout \(at zerotimeout/internal/announce/announce.go:\d+\) under this context, which has no deadline`
}

// Release gives Publish, which hands it on, a context with no deadline.
func Release(url string) error {
	return pipeline.Publish(context.Background(), url) // want `pipeline.Publish sends through a client with no Timeout \(at zerotimeout/internal/announce/announce.go:\d+\)`
}

// Exported hands on its own caller's context: this package is not
// internal, so its callers are out of sight.
func Exported(ctx context.Context, url string) error {
	return announce.Post(ctx, url, "exported") // want `announce.Post sends through a client with no Timeout`
}

// relay is unexported and only ever given a context with a deadline.
func relay(ctx context.Context, url string) error {
	return announce.Post(ctx, url, "relay")
}

func relayTimed(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return relay(ctx, url)
}

// Twice gives Both, which sends through two clients, no deadline.
func Twice(url string) error {
	return announce.Both(context.Background(), url) // want `announce.Both sends through a client with no Timeout \(at zerotimeout/internal/announce/announce.go:\d+, zerotimeout/internal/announce/announce.go:\d+\) under this context`
}
