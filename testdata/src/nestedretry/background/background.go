// Package background starts a retrying function with go from inside a retry
// loop: it runs beside the attempt, so its retries are no layer of the
// caller's (go-redis's pool starts its dial probe this way).
package background

import (
	"errors"
	"time"
)

var errBusy = errors.New("busy")

func send() error { return errBusy }

// probe retries in the background.
func probe() {
	for i := 0; i < 3; i++ {
		if err := send(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func startsProbe() error {
	for i := 0; i < 2; i++ {
		go probe()
		if err := send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

// The same call made in the attempt is a layer.
func callsProbe() error {
	for i := 0; i < 2; i++ {
		probe() // want `retry loop of up to 2 attempts calls probe, which makes up to 3 attempts: up to 6 calls in all`
		if err := send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errBusy
}
