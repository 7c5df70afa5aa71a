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
