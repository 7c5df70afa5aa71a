// Package jumps holds retry loops next to goto statements. Go forbids a
// goto that jumps over a variable declaration into its scope, so a key
// declared before a loop that an earlier goto jumps over would not compile:
// there, no fix. A goto that jumps back, or over nothing the fix declares,
// leaves the fix in place.
package jumps

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/retrylint/retrylint/retry"
)

var errFailed = errors.New("failed")

// post sends body to u with key as its idempotency key.
func post(ctx context.Context, c *http.Client, u, body, key string) error { // want post:`keyparams\[4\]`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set(retry.IdempotencyKeyHeader, key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The goto jumps over the loop to done: a key declared before the loop
// would be jumped over. No fix.
func skipFresh(ctx context.Context, c *http.Client, u, body string) error {
	var err error
	if body == "" {
		goto done
	}
	for attempt := 0; attempt < 3; attempt++ {
		if err = post(ctx, c, u, body, retry.NewIdempotencyKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
			break
		}
		time.Sleep(retry.FullJitter(time.Second))
	}
done:
	return err
}

// The same for a request built in the loop without a key. No fix.
func skipUnkeyed(ctx context.Context, c *http.Client, u, body string) error {
	if body == "" {
		goto done
	}
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(body)) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(retry.FullJitter(time.Second))
	}
done:
	return errFailed
}

// The goto jumps to the label of the loop itself: the key would sit
// between the goto and its label. No fix.
func toLoop(ctx context.Context, c *http.Client, u, body string) error {
	var key string
	if body == "" {
		goto send
	}
	key = "unused"
send:
	for attempt := 0; attempt < 3; attempt++ {
		if err := post(ctx, c, u, body+key, retry.NewIdempotencyKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
			return nil
		}
		time.Sleep(retry.FullJitter(time.Second))
	}
	return errFailed
}

// The goto jumps back, to before the loop: a declaration before the loop
// is legal, and the fix is given.
func jumpBack(ctx context.Context, c *http.Client, u, body string) error {
	tries := 0
again:
	tries++
	for attempt := 0; attempt < 3; attempt++ {
		if err := post(ctx, c, u, body, retry.NewIdempotencyKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
			return nil
		}
		time.Sleep(retry.FullJitter(time.Second))
	}
	if tries < 2 {
		goto again
	}
	return errFailed
}

// The goto before the loop lands before the loop too: it jumps over
// nothing the fix declares. The fix is given.
func skipBefore(ctx context.Context, c *http.Client, u, body string) error {
	if body == "" {
		goto send
	}
	body = strings.TrimSpace(body)
send:
	body += "\n"
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(body)) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(retry.FullJitter(time.Second))
	}
	return errFailed
}

// The goto in a function literal before the loop jumps to a label of its
// own: the fix is given.
func literalGoto(ctx context.Context, c *http.Client, u, body string) error {
	trim := func(s string) string {
		if s == "" {
			goto out
		}
		s = strings.TrimSpace(s)
	out:
		return s
	}
	body = trim(body)
	for attempt := 0; attempt < 3; attempt++ {
		err := post(ctx, c, u, body, retry.NewIdempotencyKey()) // want `idempotency key is made anew on every attempt of this retry loop`
		if err == nil {
			return nil
		}
		time.Sleep(retry.FullJitter(time.Second))
	}
	return errFailed
}

// The goto jumps over the loop, but inside the loop's own block the key
// goes before the inner loop of one account: legal, the fix is given.
func perAccount(ctx context.Context, c *http.Client, u string, accounts []string) error {
	if len(accounts) == 0 {
		goto done
	}
	for _, account := range accounts {
		for attempt := 0; attempt < 3; attempt++ {
			if err := post(ctx, c, u, account, retry.NewIdempotencyKey()); err == nil { // want `idempotency key is made anew on every attempt of this retry loop`
				break
			}
			time.Sleep(retry.FullJitter(time.Second))
		}
	}
done:
	return nil
}
