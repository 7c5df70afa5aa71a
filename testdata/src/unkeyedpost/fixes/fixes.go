// Package fixes holds the unkeyedpost reports that come with a fix.
package fixes

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"
)

var errFailed = errors.New("failed")

// Built inside the loop: a key made once before the loop, set after the
// error check.
func charge(ctx context.Context, c *http.Client, u, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(body)) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, doErr := c.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// "key" is taken: the fix names it otherwise.
func chargeKeyTaken(ctx context.Context, c *http.Client, u, key string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest("PATCH", u+key, nil) // want `PATCH is retried by a retry loop`
		if err != nil {
			return err
		}
		resp, doErr := c.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// Built once, before the loop: the key is made where it is built.
func builtOnce(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop`
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, doErr := c.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A key made inside the attempt: its making moves before the loop.
func freshKey(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString() // want `idempotency key is made anew on every attempt of this retry loop: the server sees each retry as a new operation; make it once before the retry loop`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, doErr := c.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A key made inline in the write: named before the loop.
func freshInline(ctx context.Context, c *http.Client, u, orderID string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", orderID+"-"+fmt.Sprint(time.Now().UnixNano())) // want `idempotency key is made anew on every attempt`
		resp, doErr := c.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The key uses the attempt number: it cannot move, so there is no fix.
func freshUsesAttempt(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", fmt.Sprintf("%s-%d", uuid.NewString(), attempt)) // want `idempotency key is made anew on every attempt`
		resp, doErr := c.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// sendKey sends key as the idempotency key.
func sendKey(ctx context.Context, c *http.Client, u, key string) error { // want sendKey:`keyparams\[3\]`
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

// A key made on every attempt and handed to sendKey: named before the loop.
func freshArg(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := sendKey(ctx, c, u, uuid.NewString()); err == nil { // want `idempotency key is made anew on every attempt`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// Two POSTs in one attempt are two operations: two keys.
func createAndCapture(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		create, err := http.NewRequestWithContext(ctx, http.MethodPost, u+"/orders", nil) // want `POST is retried by a retry loop`
		if err != nil {
			return err
		}
		capture, err := http.NewRequestWithContext(ctx, http.MethodPost, u+"/captures", nil) // want `POST is retried by a retry loop`
		if err != nil {
			return err
		}
		resp, doErr := c.Do(create)
		if doErr == nil {
			resp.Body.Close()
			if resp, doErr = c.Do(capture); doErr == nil {
				resp.Body.Close()
				return nil
			}
		}
		time.Sleep(time.Second)
	}
	return errFailed
}
