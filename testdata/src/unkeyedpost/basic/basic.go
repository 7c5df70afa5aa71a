// Package basic holds net/http requests retried by loops, with and without
// an idempotency key. Fixable cases are in the fixes package.
package basic

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var errFailed = errors.New("failed")

const (
	methodCharge = "POST" // a named constant of the value POST
	keyHeader    = "Idempotency-Key"
)

// --- reported: a POST or PATCH retried without a key ---

func postInLoop(url string, body []byte) error {
	for i := 0; i < 3; i++ {
		resp, err := http.Post(url, "application/json", bytes.NewReader(body)) // want `POST by http.Post is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key, which http.Post cannot set: a timed-out attempt may already have been applied, so a retry can apply it twice; build the request with http.NewRequestWithContext and set a key made once before the retry`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

func postFormInLoop(c *http.Client, u string) error {
	for i := 0; i < 2; i++ {
		resp, err := c.PostForm(u, url.Values{"amount": {"10"}}) // want `POST by \(\*http.Client\).PostForm is retried by a retry loop \(up to 2 attempts\)`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The request is built once, before the loop, and sent on every attempt.
func builtBeforeLoop(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, u, nil) // want `PATCH is retried by a retry loop \(up to 4 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	req.Header.Set("X-Request-ID", "abc") // a correlation id is not a key
	for i := 0; i < 4; i++ {
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A named constant of the value POST; a Content-Type header is no key.
func namedConstantMethod(ctx context.Context, u string) error {
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, methodCharge, u, strings.NewReader("{}")) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		req.Header["Content-Type"] = []string{"application/json"}
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		lastErr = doErr
		time.Sleep(time.Second)
	}
	return lastErr
}

// --- not reported ---

// Idempotent methods may be repeated.
func idempotentMethods(ctx context.Context, u string) error {
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace, http.MethodPut, http.MethodDelete} {
		for i := 0; i < 3; i++ {
			req, err := http.NewRequestWithContext(ctx, m, u, nil)
			if err != nil {
				return err
			}
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
				break
			}
			time.Sleep(time.Second)
		}
	}
	return nil
}

func put(ctx context.Context, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, nil)
		if err != nil {
			return err
		}
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// "post" is sent as written and is not POST: methods are case-sensitive.
func lowercase(ctx context.Context, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, "post", u, nil)
		if err != nil {
			return err
		}
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A POST sent once.
func once(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A loop over items sends each POST once: not a retry.
func eachOrder(ctx context.Context, u string, orders []string) error {
	for _, o := range orders {
		resp, err := http.Post(u+"/"+o, "text/plain", nil)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// The key is a parameter: the same on every attempt.
func keyParam(ctx context.Context, u, key string) error { // want keyParam:`keyparams\[2\]`
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The key is derived from a stable id, with the name in another case and as
// a map index (not canonicalised, compared case-insensitively).
func keyFromOrder(ctx context.Context, u, orderID string) error {
	key := fmt.Sprintf("order-%s", orderID)
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header["x-idempotency-key"] = []string{key}
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A header literal with the key, through a named constant.
func headerLiteral(ctx context.Context, u, key string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header = http.Header{keyHeader: {key}, "Content-Type": {"application/json"}}
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A header name the analysis cannot read may be the key.
func headerNameUnknown(ctx context.Context, u, name, value string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		req.Header.Add(name, value)
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// sign sets a header whose name it reads at run time: it may be a key.
func sign(req *http.Request, name string) { req.Header.Set(name, "signed") }

// A request handed to code that may set a key there is not reported.
func handedOn(ctx context.Context, u string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		sign(req, u)
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The method is not a constant.
func methodVar(ctx context.Context, u, m string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, m, u, nil)
		if err != nil {
			return err
		}
		resp, doErr := http.DefaultClient.Do(req)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A silenced report.
func silenced(u string) error {
	for i := 0; i < 3; i++ {
		//retrylint:ignore unkeyedpost the server deduplicates on the body's order id
		resp, err := http.Post(u, "application/json", nil)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A key set after the request is sent comes too late.
func keyAfterSend(ctx context.Context, u, key string) error { // want keyAfterSend:`keyparams\[2\]`
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\)`
		if err != nil {
			return err
		}
		resp, doErr := http.DefaultClient.Do(req)
		req.Header.Set("Idempotency-Key", key)
		if doErr == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// One variable, two requests: the POST sent once before is not the PUT
// retried after.
func reusedVariable(ctx context.Context, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	req, err = http.NewRequestWithContext(ctx, http.MethodPut, u, nil)
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

func token() (string, error) { return "", nil }

// The loop retries getting a token; the POST after it is sent once.
func postAfterRetriedStep(u string) error {
	for i := 0; i < 3; i++ {
		if _, err := token(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp, err := http.Post(u, "text/plain", nil)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return errFailed
}

// The same, leaving by break.
func postThenBreak(u string) (err error) {
	for i := 0; i < 3; i++ {
		if _, err = token(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		var resp *http.Response
		resp, err = http.Post(u, "text/plain", nil)
		if err == nil {
			resp.Body.Close()
		}
		break
	}
	return err
}

// The same, leaving by log.Fatal, which never returns: sent once.
func postThenFatal(u string) {
	for i := 0; i < 3; i++ {
		if _, err := token(); err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp, err := http.Post(u, "text/plain", nil)
		if err == nil {
			resp.Body.Close()
		}
		log.Fatalf("posted: %v", err)
	}
}

// The loop waits for a proxy's stats page, then adds each node by one POST
// in a loop of its own and leaves: every path after the inner loop leaves
// the retry loop, so each POST goes out once (go-redis's fault injector).
func addNodesOnceReady(c *http.Client, u string, nodes []string) error {
	for i := 0; i < 10; i++ {
		resp, err := c.Get(u + "/stats")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				for _, n := range nodes {
					if n == "" {
						continue // the inner loop's next node
					}
					r, err := http.Post(u+"/nodes", "text/plain", strings.NewReader(n))
					if err != nil {
						return err
					}
					r.Body.Close()
				}
				break
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// The same inner loop, but the retry loop goes around after it: each node's
// POST is sent again on the next attempt.
func addNodesUntilStable(c *http.Client, u string, nodes []string) error {
	for i := 0; i < 10; i++ {
		resp, err := c.Get(u + "/stats")
		if err == nil {
			resp.Body.Close()
			for _, n := range nodes {
				r, err := http.Post(u+"/nodes", "text/plain", strings.NewReader(n)) // want `POST by http.Post is retried by a retry loop \(up to 10 attempts\)`
				if err != nil {
					return err
				}
				r.Body.Close()
			}
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// A labelled continue in the inner loop goes around the retry loop: the
// POSTs before it are sent again.
func addNodesOrRetry(c *http.Client, u string, nodes []string) error {
retry:
	for i := 0; i < 10; i++ {
		resp, err := c.Get(u + "/stats")
		if err != nil {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		resp.Body.Close()
		for _, n := range nodes {
			r, err := http.Post(u+"/nodes", "text/plain", strings.NewReader(n)) // want `POST by http.Post is retried by a retry loop \(up to 10 attempts\)`
			if err == nil {
				r.Body.Close()
			}
			if resp.StatusCode != http.StatusOK {
				time.Sleep(200 * time.Millisecond)
				continue retry
			}
		}
		return nil
	}
	return errFailed
}

// A continue in one case and a loop in a later one: the continue still
// goes around the retry loop.
func postSwitchThenLoop(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\)`
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		switch {
		case err != nil:
			time.Sleep(time.Second)
			continue
		case resp.StatusCode != http.StatusOK:
			for k := range resp.Header {
				log.Print(k)
			}
		}
		return resp, err
	}
	return nil, errFailed
}

// After the primary fails, each replica is tried in an inner loop whose
// continue skips the return: the retry loop goes around and posts again.
func postToReplicas(c *http.Client, primary string, replicas []string, body string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		r, err := c.Post(primary+"/orders", "text/plain", strings.NewReader(body)) // want `POST by \(\*http.Client\).Post is retried by a retry loop`
		if err == nil {
			return r, nil
		}
		for _, h := range replicas {
			r, err := c.Post(h+"/orders", "text/plain", strings.NewReader(body)) // want `POST by \(\*http.Client\).Post is retried by a retry loop`
			if err != nil {
				continue
			}
			return r, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errFailed
}

// The inner loop is a failover: it leaves on the first host that takes the
// order, and its return of the last error leaves the retry loop too, but
// the order is sent again to the next host after a timeout.
func postFailover(c *http.Client, u string, hosts []string, order string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(u + "/ready")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		var last error
		for _, h := range hosts {
			r, err := c.Post(h+"/orders", "text/plain", strings.NewReader(order)) // want `POST by \(\*http.Client\).Post is retried by a retry loop`
			if err == nil {
				return r, nil
			}
			last = err
		}
		return nil, last
	}
	return nil, errFailed
}

func readID(r *http.Response) (string, error) { return "", r.Body.Close() }

// A failover that returns what the first host to take the order answered:
// its return is no failure's, so the next host is sent the order again.
func postFailoverDecoded(c *http.Client, u string, hosts []string, order string) (string, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(u + "/ready")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		for _, h := range hosts {
			r, err := c.Post(h+"/orders", "text/plain", strings.NewReader(order)) // want `POST by \(\*http.Client\).Post is retried by a retry loop`
			if err != nil {
				return "", err
			}
			return readID(r)
		}
		break
	}
	return "", errFailed
}

// A failover that breaks on the first host to take the order, then leaves
// the retry loop: the next host is sent the order again after a timeout.
func postFailoverBreak(c *http.Client, u string, hosts []string, order string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(u + "/ready")
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		var r *http.Response
		for _, h := range hosts {
			if r, err = c.Post(h+"/orders", "text/plain", strings.NewReader(order)); err == nil { // want `POST by \(\*http.Client\).Post is retried by a retry loop`
				break
			}
		}
		return r, err
	}
	return nil, errFailed
}

// log.Printf returns: a failed POST goes around again.
func postThenPrint(u string) {
	for i := 0; i < 3; i++ {
		resp, err := http.Post(u, "text/plain", nil) // want `POST by http.Post is retried by a retry loop`
		if err == nil {
			resp.Body.Close()
			return
		}
		log.Printf("post failed: %v", err)
		time.Sleep(time.Second)
	}
}

// A continue after the POST goes around again, before the return: retried.
func postThenContinue(u string) error {
	for i := 0; i < 3; i++ {
		resp, err := http.Post(u, "text/plain", nil) // want `POST by http.Post is retried by a retry loop`
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		return resp.Body.Close()
	}
	return errFailed
}

// The common shape: one err for building and for sending the request. The
// early return is on NewRequest's error, so the loop still retries the POST.
func chargeSharedErr(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader("{}")) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("charge failed")
}
