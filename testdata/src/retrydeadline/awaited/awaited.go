// Package awaited holds loops that read an object back after writing it,
// going round only while the store answers that it is not there yet (an
// eventually consistent store): a wait for the object, not a retry, but one
// that re-runs a remote call, so a sleep in it outlives the context as a
// retry loop's does.
package awaited

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"time"
)

// ErrObjectNotFound is what the store answers for an object it does not
// hold (yet).
var ErrObjectNotFound = errors.New("object not found")

func getObject(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusNotFound {
		return ErrObjectNotFound
	}
	return nil
}

// --- reported ---

// ReadBack sleeps up to 51 seconds in all while ctx may have ended.
func ReadBack(ctx context.Context, url string) error {
	sleep := 100 * time.Millisecond
	var err error
	for try := 1; try <= 10; try++ {
		err = getObject(ctx, url)
		if err == nil {
			break
		}
		if err != ErrObjectNotFound {
			return err
		}
		time.Sleep(sleep) // want `polling loop waits with time\.Sleep while ctx is in scope`
		sleep *= 2
	}
	return err
}

// --- quiet ---

// The same wait in a select on the context.
func ReadBackSelect(ctx context.Context, url string) error {
	sleep := 100 * time.Millisecond
	var err error
	for try := 1; try <= 10; try++ {
		err = getObject(ctx, url)
		if err == nil {
			break
		}
		if err != ErrObjectNotFound {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(sleep):
		}
		sleep *= 2
	}
	return err
}

// A wait for a local file to show up reaches no other process.
func WaitForMarker(ctx context.Context, name string) error {
	for {
		_, err := os.Stat(name)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		time.Sleep(time.Second)
	}
}
