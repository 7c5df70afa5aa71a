package short

import (
	"net/http"
	"time"
)

// A wait that is a parameter of an unexported function lasts what its calls
// give it: the longest of their arguments, when every mention of the
// function is a call whose argument is known.

// --- quiet ---

// retryEvery is called with 100ms and 20ms only (temporal's dev server,
// dialled every 100ms until it answers).
func retryEvery(interval time.Duration, hc *http.Client, url string) error {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	var err error
	for range 600 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		<-tick.C
	}
	return err
}

func waitReady(hc *http.Client, url string) error { return retryEvery(100*time.Millisecond, hc, url) }

func waitReadySooner(hc *http.Client, url string) error {
	return retryEvery(20*time.Millisecond, hc, url)
}

// --- reported ---

// One call gives a second.
func retrySleep(d time.Duration, hc *http.Client, url string) error {
	var err error
	for range 5 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry loop waits a deterministic duration \(d\)`
	}
	return err
}

func resizeShort(hc *http.Client, url string) error { return retrySleep(10*time.Millisecond, hc, url) }

func resizeLong(hc *http.Client, url string) error { return retrySleep(time.Second, hc, url) }

// One call's argument is not known.
func retryConfigured(d time.Duration, hc *http.Client, url string) error {
	var err error
	for range 5 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry loop waits a deterministic duration \(d\)`
	}
	return err
}

func resizeConfigured(hc *http.Client, url string, d time.Duration) error {
	if err := retryConfigured(10*time.Millisecond, hc, url); err == nil {
		return nil
	}
	return retryConfigured(d, hc, url)
}

// Taken as a value: its calls are out of sight.
func retryValue(d time.Duration, hc *http.Client, url string) error {
	var err error
	for range 5 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry loop waits a deterministic duration \(d\)`
	}
	return err
}

var resizer = retryValue

func resizeValue(hc *http.Client, url string) error { return retryValue(10*time.Millisecond, hc, url) }

// Exported: its callers are out of sight.
func RetryExported(d time.Duration, hc *http.Client, url string) error {
	var err error
	for range 5 {
		if err = resize(hc, url); err == nil {
			return nil
		}
		time.Sleep(d) // want `retry loop waits a deterministic duration \(d\)`
	}
	return err
}

func resizeExported(hc *http.Client, url string) error {
	return RetryExported(10*time.Millisecond, hc, url)
}
