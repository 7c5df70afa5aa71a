// Package attemptwaitrun is run after its fix: a retry whose wait between
// attempts ended with the failed attempt's own context.
package attemptwaitrun

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// AttemptTimeout bounds each attempt; Delay is the wait between attempts.
var (
	AttemptTimeout = 50 * time.Millisecond
	Delay          = 100 * time.Millisecond
)

// Attempts counts the attempts Fetch made.
var Attempts int

var errUnavailable = errors.New("service unavailable")

// Fetch GETs url, up to three times.
func Fetch(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		Attempts++
		attemptCtx, cancel := context.WithTimeout(ctx, AttemptTimeout)
		err = get(attemptCtx, c, url)
		if err == nil {
			cancel()
			return nil
		}
		select {
		case <-attemptCtx.Done(): // want `retry loop waits between attempts on attemptCtx`
			cancel()
			return attemptCtx.Err()
		case <-time.After(Delay):
		}
		cancel()
	}
	return err
}

func get(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errUnavailable
	}
	return nil
}
