// Package polled holds polls that re-run a remote call after every failure
// and leave only once its answer is stable (loki's ensureStableKey): such a
// loop retries the call, and a sleep in it outlives the context as a retry
// loop's does.
package polled

import (
	"context"
	"net/http"
	"time"
)

type Seed struct{ UID string }

func get(ctx context.Context, url string) (*Seed, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &Seed{UID: resp.Header.Get("Seed")}, nil
}

// --- reported ---

// StableSeed waits until three reads in a row agree; a failed read is
// tried again.
func StableSeed(ctx context.Context, url string) *Seed {
	var prev *Seed
	agreed := 0
	for {
		time.Sleep(5 * time.Second) // want `polling loop waits with time\.Sleep while ctx is in scope`
		seed, err := get(ctx, url)
		if err != nil {
			continue
		}
		if prev != nil && prev.UID == seed.UID {
			agreed++
			if agreed >= 3 {
				return seed
			}
			continue
		}
		prev, agreed = seed, 0
	}
}

// --- quiet ---

// The same poll waiting in a select on the context.
func StableSeedSelect(ctx context.Context, url string) *Seed {
	var prev *Seed
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(5 * time.Second):
		}
		seed, err := get(ctx, url)
		if err != nil {
			continue
		}
		if prev != nil && prev.UID == seed.UID {
			return seed
		}
		prev = seed
	}
}

// A poll that gives up on the first failure: it retries nothing.
func FirstStable(ctx context.Context, url string) (*Seed, bool) {
	var prev *Seed
	for {
		time.Sleep(5 * time.Second)
		seed, err := get(ctx, url)
		if err != nil {
			return nil, false
		}
		if prev != nil && prev.UID == seed.UID {
			return seed, true
		}
		prev = seed
	}
}

// A worker that refreshes whatever happens and never leaves on success.
func Refresh(ctx context.Context, url string, out chan<- *Seed) {
	for {
		if seed, err := get(ctx, url); err == nil {
			out <- seed
		}
		time.Sleep(time.Minute)
	}
}
