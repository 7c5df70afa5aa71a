// Package retryafter holds retry loops that honour the server's
// Retry-After: waiting what the server asked is its pacing, not a fixed
// wait of the client's; but it does not excuse the branch that waits a
// fixed time.
package retryafter

import (
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

var errGaveUp = errors.New("gave up")

// retryAfter reads a Retry-After given in seconds; 0 when there is none.
func retryAfter(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || secs < 0 {
		return 0
	}
	return time.Duration(secs) * time.Second
}

// --- reported ---

// The 429 branch waits what the server asked; every other failure waits a
// fixed 5s.
func get(hc *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		if err == nil && resp.StatusCode == http.StatusTooManyRequests {
			if d := retryAfter(resp); d > 0 {
				resp.Body.Close()
				time.Sleep(d)
				continue
			}
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(5 * time.Second) // want `retry loop waits a fixed 5s`
	}
	return nil, errGaveUp
}

// The server's wait plus jitter in one branch does not excuse the fixed
// wait of the other.
func getJitteredRetryAfter(hc *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		if err == nil && resp.StatusCode == http.StatusServiceUnavailable {
			d := retryAfter(resp)
			resp.Body.Close()
			time.Sleep(d + rand.N(time.Second))
		} else {
			time.Sleep(3 * time.Second) // want `retry loop waits a fixed 3s`
		}
	}
	return nil, errGaveUp
}

// A wait that is the server's Retry-After when it sends one, and a fixed
// 2s otherwise: the fixed fallback is reported, with no fix, since
// randomising the whole wait would also cut the server's.
func getFallback(hc *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		wait := 2 * time.Second
		if err == nil {
			if d := retryAfter(resp); d > 0 {
				wait = d
			}
			resp.Body.Close()
		}
		time.Sleep(wait) // want `retry loop waits a deterministic duration \(wait\) between attempts when the server sends no Retry-After: .*; randomise that wait \(full jitter\) and keep the server's`
	}
	return nil, errGaveUp
}

// RetryAfterFunc reads how long the server asked the client to wait.
type RetryAfterFunc func(*http.Response) (time.Duration, error)

// Client takes the server's wait from a callback its users may replace
// (SetRetryAfter), and otherwise waits its configured minimum, clamped.
type Client struct {
	hc         *http.Client
	retryAfter RetryAfterFunc
	minWait    time.Duration
	maxWait    time.Duration
}

// NewClient reads the server's wait from its Retry-After header.
func NewClient(hc *http.Client) *Client {
	c := &Client{hc: hc, minWait: time.Second, maxWait: time.Minute}
	c.SetRetryAfter(func(resp *http.Response) (time.Duration, error) { return retryAfter(resp), nil })
	return c
}

// SetRetryAfter replaces the reading of the server's wait.
func (c *Client) SetRetryAfter(f RetryAfterFunc) { c.retryAfter = f }

// A callback given nothing but the response can only read what the server
// said, whatever it is: its duration is the server's, and the minimum the
// client falls back to is fixed.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		asked, askErr := c.retryAfter(resp)
		if askErr != nil {
			return nil, askErr
		}
		wait := c.minWait
		if asked > 0 {
			wait = asked
		}
		if wait < c.minWait {
			wait = c.minWait
		} else if wait > c.maxWait {
			wait = c.maxWait
		}
		time.Sleep(wait) // want `retry loop waits a deterministic duration \(wait\) between attempts when the server sends no Retry-After`
	}
	return nil, errGaveUp
}

// Pacer reads the server's wait; its implementations are out of sight.
type Pacer interface {
	RetryAfter(*http.Response) time.Duration
}

// An interface method given only the response is read as the callback is.
func getPaced2(hc *http.Client, req *http.Request, p Pacer) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		wait := time.Second
		if err == nil {
			if d := p.RetryAfter(resp); d > 0 {
				wait = d
			}
		}
		time.Sleep(wait) // want `retry loop waits a deterministic duration \(wait\) between attempts when the server sends no Retry-After`
	}
	return nil, errGaveUp
}

// --- not reported ---

// The only waits are the server's, and a jittered one when it says
// nothing.
func getPaced(hc *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		if err == nil {
			if d := retryAfter(resp); d > 0 {
				resp.Body.Close()
				time.Sleep(d)
				continue
			}
			resp.Body.Close()
		}
		time.Sleep(rand.N(4 * time.Second))
	}
	return nil, errGaveUp
}

// Jitter added after a fixed base, on the same path: the wait is random.
func getSpread(hc *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
		time.Sleep(rand.N(time.Second))
	}
	return nil, errGaveUp
}

// Only the server's wait, read by the callback, or none at all.
func (c *Client) DoPaced(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		var wait time.Duration
		if asked, err := c.retryAfter(resp); err == nil && asked > 0 {
			wait = asked
		}
		time.Sleep(wait)
	}
	return nil, errGaveUp
}

// A callback also given the attempt number is a backoff policy of the
// client's, which may draw jitter: out of sight, so nothing is said.
func getPolicy(hc *http.Client, req *http.Request, backoff func(int, *http.Response) time.Duration) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		wait := time.Second
		if d := backoff(attempt, resp); d > 0 {
			wait = d
		}
		time.Sleep(wait)
	}
	return nil, errGaveUp
}

// A function literal in sight may ignore the response: it is not taken for
// the server's wait (and its body is not followed), so nothing is said.
func getLiteral(hc *http.Client, req *http.Request) (*http.Response, error) {
	pause := func(*http.Response) time.Duration { return 3 * time.Second }
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
		wait := time.Second
		if d := pause(resp); d > 0 {
			wait = d
		}
		time.Sleep(wait)
	}
	return nil, errGaveUp
}
