// Package hoist hands a key made anew on every attempt to the function that
// sends it, in every shape of statement that sends: the fix makes the key
// once, before the retry, and leaves the send where it was, inside the
// retry. hoist_test.go runs the fixed code against a server that fails
// twice, and checks that the three attempts carry one key.
package hoist

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// Client talks to a payment provider.
type Client struct {
	HTTP    *http.Client
	BaseURL string
}

var errUnavailable = errors.New("payment provider unavailable")

// quick is the policy of the retry calls: three attempts, short waits.
var quick = retry.Policy{MaxAttempts: 3, Backoff: retry.Backoff{Base: time.Millisecond, Cap: 5 * time.Millisecond, Jitter: retry.JitterFull}}

// newKey is the package's own key maker.
func newKey() string { // want newKey:`freshkey`
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// request builds a POST of body to path carrying key.
func (c *Client) request(ctx context.Context, path, body, key string) (*http.Request, error) { // want request:`keyparams\[3\]`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set(retry.IdempotencyKeyHeader, key)
	return req, nil
}

// do sends req; an answer of 500 or more is an error.
func (c *Client) do(req *http.Request) error {
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errUnavailable
	}
	return nil
}

// post sends body to path with key as its idempotency key.
func (c *Client) post(ctx context.Context, path, body, key string) error { // want post:`keyparams\[3\]`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set(retry.IdempotencyKeyHeader, key)
	return c.do(req)
}

// send posts like post and hands the outcome to done.
func (c *Client) send(ctx context.Context, path, body, key string, done func(error)) { // want send:`keyparams\[3\]`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, strings.NewReader(body))
	if err != nil {
		done(err)
		return
	}
	req.Header.Set(retry.IdempotencyKeyHeader, key)
	done(c.do(req))
}

// Define: the key is an argument of the := statement that sends. Only the
// key moves before the loop; the POST stays in it.
func (c *Client) Define(ctx context.Context, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := c.post(ctx, "/define", body, retry.NewIdempotencyKey()) // want `idempotency key is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}

// Assign: an = statement with the package's own key maker.
func (c *Client) Assign(ctx context.Context, body string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = c.post(ctx, "/assign", body, newKey()) // want `idempotency key is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return err
}

// IfAssign: the send is the init of an if, assigning an outer err.
func (c *Client) IfAssign(ctx context.Context, body string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.post(ctx, "/ifassign", body, newKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return err
}

// IfDefine: the send is the init of an if, defining its err.
func (c *Client) IfDefine(ctx context.Context, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := c.post(ctx, "/ifdefine", body, retry.NewIdempotencyKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}

// Request: the key is an argument of the statement that builds the
// request, sent by the next one.
func (c *Client) Request(ctx context.Context, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.request(ctx, "/request", body, newKey()) // want `idempotency key is made anew on every attempt of this retry loop`
		if err != nil {
			return err
		}
		if err := c.do(req); err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}

// Return: the send is the result of a retried operation.
func (c *Client) Return(ctx context.Context, body string) error {
	return retry.Do(ctx, quick, func(ctx context.Context) error {
		return c.post(ctx, "/return", body, newKey()) // want `idempotency key is made anew on every attempt of this retry call`
	})
}

// Expr: the send is an expression statement of a retried operation.
func (c *Client) Expr(ctx context.Context, body string) error {
	return retry.Do(ctx, quick, func(ctx context.Context) error {
		var err error
		c.send(ctx, "/expr", body, retry.NewIdempotencyKey(), func(e error) { err = e }) // want `idempotency key is made anew on every attempt of this retry call`
		return err
	})
}

// Formatted: the key is formatted from an order id and a fresh part; the
// whole key expression moves, and nothing else.
func (c *Client) Formatted(ctx context.Context, orderID, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := c.post(ctx, "/formatted", body, fmt.Sprintf("%s-%s", orderID, newKey())) // want `idempotency key is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}

// Taken: key, idempotencyKey and idemKey are in use: the fix names the key
// key2.
func (c *Client) Taken(ctx context.Context, key, idempotencyKey, idemKey string) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := c.post(ctx, "/taken/"+key+"/"+idempotencyKey+"/"+idemKey, "", newKey()) // want `idempotency key is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}

// Nested: one payout per account, each retried: one key per payout, made
// inside the range over accounts, before the retry loop.
func (c *Client) Nested(ctx context.Context, accounts []string) error {
	for _, account := range accounts {
		var err error
		for attempt := 0; attempt < 3; attempt++ {
			if err = c.post(ctx, "/nested", account, newKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
				break
			}
			time.Sleep(retry.FullJitter(time.Millisecond))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// Negative cases: a key made once before the retry, in each shape.

func (c *Client) DefineOnce(ctx context.Context, body string) error {
	key := retry.NewIdempotencyKey()
	for attempt := 0; attempt < 3; attempt++ {
		err := c.post(ctx, "/define", body, key)
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}

func (c *Client) IfAssignOnce(ctx context.Context, body string) error {
	var err error
	key := newKey()
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.post(ctx, "/ifassign", body, key); err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return err
}

func (c *Client) ReturnOnce(ctx context.Context, body string) error {
	key := newKey()
	return retry.Do(ctx, quick, func(ctx context.Context) error {
		return c.post(ctx, "/return", body, key)
	})
}

func (c *Client) ExprOnce(ctx context.Context, body string) error {
	key := retry.NewIdempotencyKey()
	return retry.Do(ctx, quick, func(ctx context.Context) error {
		var err error
		c.send(ctx, "/expr", body, key, func(e error) { err = e })
		return err
	})
}

// A key derived from a stable id is the same on every attempt.
func (c *Client) Stable(ctx context.Context, orderID, body string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.post(ctx, "/stable", body, "order-"+orderID); err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return err
}

// Sent once, not retried: a fresh key is right.
func (c *Client) Once(ctx context.Context, body string) error {
	return c.post(ctx, "/once", body, newKey())
}

// Reported, but no fix: the key expression also counts (nonce), and
// moving it would count once instead of once per attempt.

var nonces atomic.Int64

func nonce() string { return strconv.FormatInt(nonces.Add(1), 10) }

func (c *Client) NonceArg(ctx context.Context, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := c.post(ctx, "/nonce", body, newKey()+"-"+nonce()) // want `idempotency key is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}

func (c *Client) NonceDef(ctx context.Context, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		key := nonce() + "-" + newKey() // want `idempotency key is made anew on every attempt of this retry loop`
		if err := c.post(ctx, "/nonce", body, key); err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Millisecond))
	}
	return errUnavailable
}
