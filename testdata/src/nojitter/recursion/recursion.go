// Package recursion holds retries made by a function that calls itself
// again, after a failure and a wait, with one attempt fewer.
package recursion

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

var errLoading = errors.New("offsets loading")

type client struct {
	hc      *http.Client
	backoff time.Duration
}

func newClient(hc *http.Client) *client { return &client{hc: hc, backoff: 250 * time.Millisecond} }

// status fetches u and turns a 503 into errLoading.
func (c *client) status(u string) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return errLoading
	}
	return nil
}

// fetchOffset answers errLoading by waiting and asking again with one
// attempt fewer (sarama's fetchInitialOffset).
func (c *client) fetchOffset(u string, retries int) error {
	switch err := c.status(u); err {
	case nil:
		return nil
	case errLoading:
		if retries <= 0 {
			return err
		}
		select {
		case <-time.After(c.backoff): // want `^recursive retry waits a deterministic duration \(c.backoff\) between attempts: clients that failed together retry together; randomise the wait \(full jitter\)$`
		}
		return c.fetchOffset(u, retries-1)
	default:
		return err
	}
}

// join sleeps a fixed 2s after a failure and joins again.
func (c *client) join(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		time.Sleep(2 * time.Second) // want `^recursive retry waits a fixed 2s between attempts`
		return c.join(u, retries-1)
	}
	return nil
}

// find retries through a closure that is handed the error and takes one
// off the count it captured (sarama's findCoordinator).
func (c *client) find(u string, attemptsLeft int) error {
	retry := func(err error) error {
		if attemptsLeft > 0 {
			time.Sleep(c.backoff) // want `^recursive retry waits a deterministic duration \(c.backoff\)`
			attemptsLeft--
			return c.find(u, attemptsLeft)
		}
		return err
	}
	if err := c.status(u); err != nil {
		return retry(err)
	}
	return nil
}

// --- not reported ---

// A randomised wait.
func (c *client) joinJittered(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		time.Sleep(rand.N(2 * time.Second))
		return c.joinJittered(u, retries-1)
	}
	return nil
}

// A poll that goes on until the answer is ready keeps no count of
// attempts.
func (c *client) waitReady(u string) error {
	if err := c.status(u); err != nil {
		time.Sleep(time.Second)
		return c.waitReady(u)
	}
	return nil
}

// Walking pages after a success: the recursion is no retry.
func (c *client) pages(u string, left int) error {
	if err := c.status(u); err != nil {
		return err
	}
	if left > 0 {
		time.Sleep(time.Second)
		return c.pages(u+"?next", left-1)
	}
	return nil
}

// A retry of work that stays in this process.
func parse(s string, retries int) error {
	if _, err := time.ParseDuration(s); err != nil {
		if retries <= 0 {
			return err
		}
		time.Sleep(time.Second)
		return parse(s+"s", retries-1)
	}
	return nil
}

// The wait comes after the call, not before it.
func (c *client) joinThenWait(u string, retries int) error {
	if err := c.status(u); err != nil {
		if retries <= 0 {
			return err
		}
		defer time.Sleep(time.Second)
		return c.joinThenWait(u, retries-1)
	}
	return nil
}
