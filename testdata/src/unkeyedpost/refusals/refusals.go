// Package refusals holds retry loops that send a POST again only after
// some failures: a POST is re-sent without a key to harm only when the
// loop goes round after a failure that leaves open whether the server
// acted on it (a transport error, a 500, 502, 503 or 504), not after a
// refusal (a 429).
package refusals

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errFailed = errors.New("failed")

// shouldRetry goes again on 429 and 5xx for a GET, only on 429 for any
// other method (replicate-go's client).
func shouldRetry(resp *http.Response, method string) bool {
	if method == http.MethodGet {
		return resp.StatusCode == 429 || resp.StatusCode >= 500 && resp.StatusCode < 600
	}
	return resp.StatusCode == 429
}

// The loop returns on a transport error and asks shouldRetry, given the
// request's method, about a failure status: a POST goes again only on a
// 429, which the server refused.
func sendRefusedOnly(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil || resp == nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			return nil
		}
		if !shouldRetry(resp, req.Method) {
			return errFailed
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// retryable is shouldRetry given the request whole.
func retryable(req *http.Request, resp *http.Response) bool {
	if req.Method == http.MethodGet {
		return resp.StatusCode >= 500
	}
	return resp.StatusCode == 429
}

// The same, the predicate reading the method from the request: quiet.
func sendRefusedOnlyByRequest(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			return nil
		}
		if !retryable(req, resp) {
			return errFailed
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The same test written in the loop: quiet.
func sendRefusedInLoop(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			return nil
		}
		if req.Method != http.MethodGet && resp.StatusCode != http.StatusTooManyRequests {
			return errFailed
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// writesRetryable goes again on a 5xx for a POST.
func writesRetryable(resp *http.Response, method string) bool {
	if method == http.MethodPost {
		return resp.StatusCode >= 500
	}
	return false
}

// A POST goes again on a 503, which a gateway may answer after the server
// applied it: reported.
func sendRetriedOnServerError(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			return nil
		}
		if !writesRetryable(resp, req.Method) {
			return errFailed
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// Only 429 is retried by status, but a transport error (a timeout after
// the server got the request) goes round too: reported.
func sendRetriedOnTransportError(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil && resp == nil {
			time.Sleep(time.Second)
			continue
		}
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			return nil
		}
		if !shouldRetry(resp, req.Method) {
			return errFailed
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A 503 goes round only for a GET, but a 502 for every method: reported.
func sendRetriedOnBadGateway(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusServiceUnavailable:
			if req.Method != http.MethodGet {
				return errFailed
			}
		case http.StatusBadGateway, http.StatusTooManyRequests:
		default:
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// postAccepted sends a POST and says whether it was accepted.
func postAccepted(c *http.Client, u string) bool {
	resp, err := c.Post(u, "text/plain", nil)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return resp.StatusCode < 300
}

// The loop goes round on a false, which may stand for a timeout: reported.
func sendUntilAccepted(c *http.Client, u string) {
	for i := 0; i < 3; i++ {
		if postAccepted(c, u) { // want `POST sent by postAccepted is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
			return
		}
		time.Sleep(time.Second)
	}
}

// The loop's attempt is the status query; the POST beside it is sent again
// on every round, whatever the query's method makes the predicate answer:
// reported.
func postBesideStatusQuery(ctx context.Context, c *http.Client, u string) error {
	statusReq, err := http.NewRequestWithContext(ctx, http.MethodGet, u+"/queue", nil)
	if err != nil {
		return err
	}
	for i := 0; i < 5; i++ {
		if r, err := c.Post(u+"/jobs", "text/plain", nil); err == nil { // want `POST by \(\*http.Client\).Post is retried by a retry loop \(up to 5 attempts\)`
			r.Body.Close()
		}
		resp, err := c.Do(statusReq)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			return nil
		}
		if !shouldRetry(resp, statusReq.Method) {
			return errFailed
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// refusals are the statuses the next loop goes round on: a 429 only.
var refusals = map[int]bool{http.StatusTooManyRequests: true}

// A set of statuses to go round on that holds only 429: quiet.
func sendOnRefusalSet(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if !refusals[resp.StatusCode] {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The predicate is given another request's method (the GET that looked the
// job up), which the walk does not take for the POST's: a 503 goes round,
// and the POST is reported.
func sendAskingAboutOther(ctx context.Context, c *http.Client, u string) error {
	lookup, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode < 400 {
			return nil
		}
		if !shouldRetry(resp, lookup.Method) {
			return errFailed
		}
		time.Sleep(time.Second)
	}
	return errFailed
}
