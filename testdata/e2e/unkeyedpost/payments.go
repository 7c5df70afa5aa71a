// Package unkeyedpost shows a payment client that retries its requests, as
// retrylint's unkeyedpost analyzer reports them. A charge that timed out may
// still have gone through: retried without an idempotency key, or with a new
// key on every attempt, the card is charged twice.
package unkeyedpost

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// Client talks to a payment provider.
type Client struct {
	HTTP    *http.Client
	BaseURL string
}

// New returns a client with a timeout on every request.
func New(baseURL string) *Client {
	return &Client{HTTP: &http.Client{Timeout: 5 * time.Second}, BaseURL: baseURL}
}

var errUnavailable = errors.New("payment provider unavailable")

// Charge retries a POST without a key.
func (c *Client) Charge(ctx context.Context, orderID string, cents int64) error {
	body := fmt.Sprintf(`{"order":%q,"amount":%d}`, orderID, cents)
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/charges", strings.NewReader(body)) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key: a timed-out attempt may already have been applied, so a retry can apply it twice`
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Request-ID", orderID) // a correlation id, not a key
		resp, doErr := c.HTTP.Do(req)
		if doErr == nil {
			return resp.Body.Close()
		}
		time.Sleep(retry.FullJitter(200 * time.Millisecond << attempt)) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return errUnavailable
}

// newKey makes a random key.
func newKey() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Refund sends a key, but makes a new one on every attempt: the provider
// sees three different refunds.
func (c *Client) Refund(ctx context.Context, chargeID string) error {
	return retry.Do(ctx, retry.Policy{MaxAttempts: 3}, func(ctx context.Context) error {
		key := newKey() // want `idempotency key is made anew on every attempt of this retry call: the server sees each retry as a new operation; make it once before the retry call`
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/charges/"+chargeID+"/refund", nil)
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set(retry.IdempotencyKeyHeader, key)
		resp, err := c.HTTP.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Notify posts a webhook with Post, which cannot carry a key: no automatic fix.
func (c *Client) Notify(ctx context.Context, event string) error {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := c.HTTP.Post(c.BaseURL+"/events", "text/plain", strings.NewReader(event)) // want `POST by \(\*http.Client\).Post is retried by a retry loop \(up to 4 attempts\) without an Idempotency-Key, which \(\*http.Client\).Post cannot set`
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(retry.FullJitter(time.Second)) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return errUnavailable
}

// post sends body to path with key as its idempotency key.
func (c *Client) post(ctx context.Context, path, body, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set(retry.IdempotencyKeyHeader, key)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Payout hands post a key made on every attempt: each retry is a new payout.
// The fix makes the key once, before the loop, and leaves the POST in it.
func (c *Client) Payout(ctx context.Context, accountID string, cents int64) error {
	body := fmt.Sprintf(`{"account":%q,"amount":%d}`, accountID, cents)
	for attempt := 0; attempt < 3; attempt++ {
		err := c.post(ctx, "/payouts", body, retry.NewIdempotencyKey()) // want `idempotency key is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Second)) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
	return errUnavailable
}

// Transfer does the same in the init of an if, assigning the err it
// returns after the last attempt.
func (c *Client) Transfer(ctx context.Context, fromID, toID string, cents int64) error {
	body := fmt.Sprintf(`{"from":%q,"to":%q,"amount":%d}`, fromID, toID, cents)
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.post(ctx, "/transfers", body, newKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retry.FullJitter(time.Second)):
		}
	}
	return err
}

// Capture does it right: one key, derived from the order, on every attempt.
func (c *Client) Capture(ctx context.Context, orderID string) error {
	key := "capture-" + orderID
	return retry.Do(ctx, retry.Policy{MaxAttempts: 3}, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+"/captures", strings.NewReader(orderID))
		if err != nil {
			return retry.Permanent(err)
		}
		req.Header.Set(retry.IdempotencyKeyHeader, key)
		resp, err := c.HTTP.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Status reads a charge: a GET may be retried.
func (c *Client) Status(ctx context.Context, chargeID string) (int, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/charges/"+chargeID, nil)
		if err != nil {
			return 0, err
		}
		resp, doErr := c.HTTP.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return resp.StatusCode, nil
		}
		time.Sleep(retry.FullJitter(100 * time.Millisecond))
	}
	return 0, errUnavailable
}
