// Package fresh is testdata/src/unkeyedpost/fresh against the real
// github.com/google/uuid v1.6.0 (the retry.Do case, which needs retrylint's
// own module, is left out).
package fresh

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"example.com/reallibs/unkeyedpost/keys"
	"example.com/reallibs/unkeyedpost/payclient"

	"github.com/google/uuid"
)

var errFailed = errors.New("failed")

// newKey is a same-package helper that makes a key from the clock.
func newKey() string { // want newKey:"freshkey"
	return strconv.FormatInt(time.Now().UnixNano(), 36)
}

func send(ctx context.Context, c *http.Client, u, key string) error { // want send:`keyparams\[3\]`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- reported ---

func samePackageHelper(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ {
		key := newKey() // want `idempotency key is made anew on every attempt of this retry loop`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

func crossPackageHelper(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		key, _ := keys.Wrapped() // want `idempotency key is made anew on every attempt`
		req.Header["Idempotency-Key"] = []string{key}
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A key made on every attempt and handed to a helper of this package that
// sends it.
func viaHelper(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ {
		if err := send(ctx, c, u, uuid.NewString()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The same through another package's helper, known by its KeyParamFact.
func viaOtherPackage(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ {
		key := keys.New() // want `idempotency key is made anew on every attempt of this retry loop`
		if err := payclient.Charge(ctx, c, u, key); err == nil {
			return nil
		}
		if err := payclient.Trace(ctx, c, u, keys.New()); err != nil { // a correlation id: fine
			return err
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// --- not reported ---

// Made once, before the loop.
func madeBefore(ctx context.Context, c *http.Client, u string) error {
	key := uuid.NewString()
	for i := 0; i < 3; i++ {
		if err := send(ctx, c, u, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// Derived from a stable id inside the attempt: the same key every time.
func stableInside(ctx context.Context, c *http.Client, u, orderID string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", keys.ForOrder(orderID))
		req.Header.Set("X-Request-ID", keys.New()) // a fresh correlation id is fine
		req.Header.Set("X-Idempotency-Key", keys.Logged(orderID))
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A fresh key outside any retry.
func notRetried(ctx context.Context, c *http.Client, u string) error {
	return send(ctx, c, u, keys.New())
}

// A key kept outside the loop and made on the first attempt only.
func lazyKey(ctx context.Context, c *http.Client, u string) error {
	var key string
	for i := 0; i < 3; i++ {
		if key == "" {
			key = uuid.NewString()
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// Kept outside the loop, but made again on every attempt.
func keptButRemade(ctx context.Context, c *http.Client, u string) error {
	var key string
	for i := 0; i < 3; i++ {
		key = uuid.NewString() // want `idempotency key is made anew on every attempt`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

func token() error { return nil }

// The loop retries the token; the keyed POST after it is sent once.
func keyAfterRetriedStep(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ {
		if err := token(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString())
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return errFailed
}

// A key derived from the attempt number changes on every attempt.
func attemptInKey(ctx context.Context, c *http.Client, u, orderID string) error {
	for attempt := 1; attempt <= 3; attempt++ {
		key := fmt.Sprintf("%s-%d", orderID, attempt) // want `idempotency key changes with the attempt number of this retry loop: the server sees each retry as a new operation; leave the attempt number out of the key`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The attempt number in another header is fine.
func attemptElsewhere(ctx context.Context, c *http.Client, u, orderID string) error { // want attemptElsewhere:`keyparams\[3\]`
	for attempt := range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", orderID)
		req.Header.Set("X-Attempt", strconv.Itoa(attempt))
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}
