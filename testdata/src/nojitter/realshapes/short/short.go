// Package short holds retries whose every wait lasts at most a tenth of a
// second (docker/cli's TTY resize): scheduling and network delays of that
// order spread them already, so they are left alone; one longer wait brings
// them all back.
package short

import (
	"net/http"
	"time"
)

func resize(hc *http.Client, url string) error {
	resp, err := hc.Post(url, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- quiet ---

// 10ms, 20ms, ... 100ms.
func resizeSoon(hc *http.Client, url string) error {
	var err error
	for retry := range 10 {
		time.Sleep(time.Duration(retry+1) * 10 * time.Millisecond)
		if err = resize(hc, url); err == nil {
			return nil
		}
	}
	return err
}

// A fixed 10ms.
func resizeFixed(hc *http.Client, url string) error {
	var err error
	for range 5 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}

// A fixed 100ms under a count of tries the loop does not know, since the
// wait does not depend on it (k6 re-asks its browser for a response body).
func resizeCounted(hc *http.Client, url string, tries int) error {
	var err error
	for i := 0; i <= tries; i++ {
		if err = resize(hc, url); err == nil {
			break
		}
		if i == tries {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// --- reported ---

// 50ms, 100ms, ... 500ms: the later waits are long.
func resizeLater(hc *http.Client, url string) error {
	var err error
	for retry := range 10 {
		time.Sleep(time.Duration(retry+1) * 50 * time.Millisecond) // want `retry loop waits a deterministic duration`
		if err = resize(hc, url); err == nil {
			return nil
		}
	}
	return err
}

// A short wait beside a long one.
func resizeMixed(hc *http.Client, url string) error {
	var err error
	for retry := range 4 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		if retry%2 == 0 {
			time.Sleep(10 * time.Millisecond) // want `retry loop waits a fixed 10ms`
		} else {
			time.Sleep(time.Second) // want `retry loop waits a fixed 1s`
		}
	}
	return err
}

// With an unbounded count, the wait's longest value is unknown.
func resizeUnbounded(hc *http.Client, url string) error {
	for retry := 0; ; retry++ {
		if err := resize(hc, url); err == nil {
			return nil
		}
		time.Sleep(time.Duration(retry+1) * 10 * time.Millisecond) // want `retry loop waits a deterministic duration`
	}
}
