// Package pipeline hands its callers' contexts on to the announce package:
// its exported functions carry the question to their own callers.
package pipeline

import (
	"context"
	"time"

	"zerotimeout/internal/announce"
)

// Announcer is how a pipeline sees a pipe.
type Announcer interface {
	Announce(msg string, ctx context.Context) error
}

// Publish hands its context on.
func Publish(ctx context.Context, url string) error { // want Publish:`deadline from parameter 0, client at zerotimeout/internal/announce/announce.go:\d+`
	return announce.Post(ctx, url, "release")
}

// Run gives every pipe, called through the interface, a context with a
// deadline; a call through an interface is not checked in any case.
func Run(pipes []Announcer) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	for _, p := range pipes {
		if err := p.Announce("release", ctx); err != nil {
			return err
		}
	}
	return nil
}

// Detached announces under a context with no deadline.
func Detached(w announce.Webhook) error {
	return w.Announce("detached", context.TODO()) // want `announce.Webhook.Announce sends through a client with no Timeout \(at zerotimeout/internal/announce/announce.go:\d+\) under this context, which has no deadline`
}

// Shout announces through the interface only Webhook implements, under a
// context with no deadline.
func Shout(e announce.Endpointer) error {
	return e.Announce("shout", context.TODO()) // want `announce.Endpointer.Announce sends through a client with no Timeout \(at zerotimeout/internal/announce/announce.go:\d+\) under this context, which has no deadline`
}

// Murmur announces through an interface two types implement: not followed.
func Murmur(a announce.Announcer) error {
	return a.Announce("murmur", context.TODO())
}
