package sites

import (
	"bytes"
	"context"
	"crypto/rand"
	"net/http"
	"time"
)

// Subscribe is a connection supervisor: it POSTs a subscription and reads
// its stream until it breaks, forever. After a failed POST it waits longer
// for each failure in a row and sends the same POST again, so a POST that
// timed out after the server took it is taken twice.
func Subscribe(ctx context.Context, c *http.Client, u string, body []byte) {
	failures := 0
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body)) // want `POST is retried by a retry loop \(unbounded attempts\) without an Idempotency-Key`
		if err != nil {
			return
		}
		resp, err := c.Do(req)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second)
			continue
		}
		failures = 0
		readStream(resp)
	}
}

// SubscribeKeyed is the same supervisor with a key made for each
// subscription: a repeat after a lost reply is the same subscription.
func SubscribeKeyed(ctx context.Context, c *http.Client, u string, body []byte) { // want SubscribeKeyed:"sends\\(POST, fresh key"
	failures := 0
	key := rand.Text()
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Second)
			continue
		}
		failures = 0
		key = rand.Text()
		readStream(resp)
	}
}

// Report POSTs a sample every minute whatever happened to the last one: a
// pace, not a retry.
func Report(ctx context.Context, c *http.Client, u string, sample func() []byte) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(sample()))
		if err != nil {
			return
		}
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Minute)
	}
}

func readStream(resp *http.Response) {
	buf := make([]byte, 512)
	for {
		if _, err := resp.Body.Read(buf); err != nil {
			resp.Body.Close()
			return
		}
	}
}
