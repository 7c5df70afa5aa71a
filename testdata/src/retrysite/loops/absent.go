package loops

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"time"
)

// ErrObjectNotFound is what a store answers for an object it does not hold
// (yet).
var ErrObjectNotFound = errors.New("object not found")

// ErrNoSuchBucket, likewise, for a bucket.
var ErrNoSuchBucket = errors.New("no such bucket")

// errBusy is a failure of the store.
var errBusy = errors.New("store busy")

func readObject() error { return op() }

// Reading an upload back until it shows: the loop goes round only while the
// object is not found and leaves on any other error, so it waits for a
// state, not for a failed store: a periodic loop, no retry.
func readBack() error {
	for try := 0; try < 10; try++ { // want `periodic loop, waits sleep\(time.Millisecond\), polls readObject$`
		err := readObject()
		if err == nil {
			return nil
		}
		if err != ErrObjectNotFound {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return ErrObjectNotFound
}

// The same through errors.Is, a switch on the error and os.IsNotExist.
func readBackIs() error {
	for { // want `periodic loop, waits sleep\(time.Second\), polls readObject$`
		err := readObject()
		if err == nil || !errors.Is(err, ErrNoSuchBucket) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func readBackSwitch() error {
	for { // want `periodic loop, waits sleep\(time.Second\), polls readObject$`
		switch err := readObject(); err {
		case nil:
			return nil
		case ErrObjectNotFound:
			time.Sleep(time.Second)
		default:
			return err
		}
	}
}

func waitForFile(name string) error {
	for { // want `periodic loop, waits sleep\(time.Second\)$`
		_, err := os.Stat(name)
		if err == nil || !os.IsNotExist(err) {
			return err
		}
		time.Sleep(time.Second)
	}
}

func waitForFileIs(name string) error {
	for { // want `periodic loop, waits sleep\(time.Second\)$`
		_, err := os.Stat(name)
		if err == nil || !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Going round on a failure of the store is a retry, and so is going round on
// every error but "not found", which is final here.
func retryBusy() error {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		err := readObject()
		if err == nil || err != errBusy {
			return err
		}
		time.Sleep(time.Second)
	}
}

func retryUnlessAbsent() error {
	for try := 0; try < 5; try++ { // want `retry loop, up to 5 attempts, waits sleep\(time.Second\)`
		err := readObject()
		switch {
		case err == nil:
			return nil
		case errors.Is(err, ErrObjectNotFound):
			return err
		}
		time.Sleep(time.Second)
	}
	return errBusy
}

func retrySwitchBusy() error {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		switch err := readObject(); err {
		case nil:
			return nil
		case ErrObjectNotFound:
			return err
		default:
			time.Sleep(time.Second)
		}
	}
}

// Tailing a stream: the loop goes round only while a read finds no new data
// (io.ErrNoProgress) and returns any other error, so it polls the stream;
// going round on an unexpected end of the stream, a failure, retries.
func readStream(p []byte) (int, error) { return 0, op() }

func tail(ctx context.Context, p []byte) (int, error) {
	for { // want `periodic loop, waits after\(time.Second\), polls readStream$`
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
			if n, err := readStream(p); !errors.Is(err, io.ErrNoProgress) {
				return n, err
			}
		}
	}
}

func tailUnexpectedEOF(ctx context.Context, p []byte) (int, error) {
	for { // want `retry loop, unbounded attempts, waits after\(time.Second\)`
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
			if n, err := readStream(p); !errors.Is(err, io.ErrUnexpectedEOF) {
				return n, err
			}
		}
	}
}
