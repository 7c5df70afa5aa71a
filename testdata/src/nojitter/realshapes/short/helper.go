package short

import (
	"net/http"
	"time"
)

// A wait made inside a function of the package that the loop calls lasts
// what that function sleeps: a constant there is known.

// --- quiet ---

// settle sleeps 20ms, as k6's browser actions do between tries of an
// element that is not yet visible.
func settle() { time.Sleep(20 * time.Millisecond) }

func clickWhenVisible(hc *http.Client, url string) error {
	var err error
	for range 50 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		settle()
	}
	return err
}

// --- reported ---

// pause sleeps a second.
func pause() { time.Sleep(time.Second) }

func retryPaused(hc *http.Client, url string) error {
	var err error
	for range 5 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		pause() // want `retry loop waits a fixed 1s \(in pause\) between attempts`
	}
	return err
}
