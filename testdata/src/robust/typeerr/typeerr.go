// Package typeerr type-checks with errors in and around retry loops and
// HTTP clients, so that type information is missing where analyzers look.
package typeerr

import (
	"net/http"
	"time"
)

var bad = &http.Client{Timeout: "thirty seconds"}

var missing = &http.Client{Transport: undefinedTransport}

func retry(url string) error {
	for i := 0; i < attempts; i++ {
		resp, err := client.Post(url, "application/json", nil)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(backoff(i))
	}
	return nil
}

func wrongArgs() {
	for i := range 3 {
		time.Sleep("1s")
		http.Get(i)
		req, _ := http.NewRequest(http.MethodPost, 42, nil)
		req.Header.Set(IdempotencyKey, 7)
		undefinedRetry(func() error { return nil })
	}
}

func unknownReceiver(c *UnknownClient) {
	for {
		c.Do(nil)
		time.Sleep(time.Second * time.Second * "x")
	}
}

type T struct {
	http.Client
	Undefined
}

func (t T) Do() { t.Client.Timeout = t.Undefined.Timeout; _ = t.Get }

func generic[X UnknownConstraint](x X) {
	for range x {
		time.Sleep(x)
	}
}
