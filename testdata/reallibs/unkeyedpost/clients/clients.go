// Package clients is testdata/src/unkeyedpost/clients against the real
// go-retryablehttp v0.7.8 and resty v2.17.2.
package clients

import (
	"context"
	"net/http"
	"time"

	"github.com/go-resty/resty/v2"
	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

// --- go-retryablehttp: reported ---

func packagePost(u string) error {
	resp, err := retryablehttp.Post(u, "application/json", []byte("{}")) // want `POST by retryablehttp.Post is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\) without an Idempotency-Key, which retryablehttp.Post cannot set: .*; build the request with retryablehttp.NewRequestWithContext and set a key made once before the retry`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func clientPost(u string) error {
	c := retryablehttp.NewClient()
	c.RetryWaitMin = 100 * time.Millisecond
	resp, err := c.PostForm(u, nil) // want `POST by \(\*retryablehttp.Client\).PostForm is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func retryableRequest(ctx context.Context, u string) error {
	c := &retryablehttp.Client{RetryMax: 2}
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, []byte("{}")) // want `POST is retried by go-retryablehttp \(RetryMax 2: up to 3 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The standard client of a retrying client retries too.
func standardClient(ctx context.Context, u string) error {
	rc := retryablehttp.NewClient()
	hc := rc.StandardClient()
	resp, err := hc.Post(u, "text/plain", nil) // want `POST by \(\*http.Client\).Post is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- go-retryablehttp: not reported ---

func retryMaxZero(u string) error {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func zeroLiteral(u string) error {
	c := &retryablehttp.Client{HTTPClient: &http.Client{Timeout: time.Second}}
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func keyed(ctx context.Context, u, orderID string) error {
	c := retryablehttp.NewClient()
	req, err := retryablehttp.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", "order-"+orderID)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func idempotent(ctx context.Context, u string) error {
	c := retryablehttp.NewClient()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPut, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A client from elsewhere: its RetryMax is not visible, but a client made
// out of sight was made, all but always, by NewClient, which retries POST.
func clientParam(c *retryablehttp.Client, u string) error {
	resp, err := c.Post(u, "application/json", nil) // want `POST by \(\*retryablehttp.Client\).Post is retried by go-retryablehttp \(a client from a parameter, RetryMax 4 by default: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func configure(c *retryablehttp.Client) {}

// A client handed to code that may change its RetryMax.
func clientHandedOn(u string) error {
	c := retryablehttp.NewClient()
	configure(c)
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- resty v2 ---

func restyRetrying(u string) error {
	c := resty.New().SetRetryCount(3).SetTimeout(5 * time.Second)
	_, err := c.R().SetBody(map[string]int{"amount": 10}).Post(u) // want `POST is retried by resty \(SetRetryCount\(3\): up to 4 attempts\) without an Idempotency-Key`
	return err
}

func restyExecute(u string) error {
	c := resty.New()
	c.SetRetryCount(2)
	r := c.R().SetHeader("Content-Type", "application/json")
	_, err := r.Execute(resty.MethodPatch, u) // want `PATCH is retried by resty \(SetRetryCount\(2\): up to 3 attempts\)`
	return err
}

func restyNoRetries(u string) error {
	c := resty.New()
	_, err := c.R().Post(u)
	return err
}

func restyKeyed(u, orderID string) error {
	c := resty.New().SetRetryCount(3)
	_, err := c.R().SetHeader("Idempotency-Key", "order-"+orderID).Post(u)
	return err
}

func restyKeyedMap(u, orderID string) error { // want restyKeyedMap:`keyparams\[1\]`
	c := resty.New().SetRetryCount(3)
	_, err := c.R().SetHeaders(map[string]string{"X-Idempotency-Key": orderID}).Patch(u)
	return err
}

func restyHook(u string) error {
	c := resty.New().SetRetryCount(3)
	c.OnBeforeRequest(func(c *resty.Client, r *resty.Request) error { return nil })
	_, err := c.R().Post(u)
	return err
}

func restyPut(u string) error {
	c := resty.New().SetRetryCount(3)
	_, err := c.R().Put(u)
	return err
}

// A net/http request wrapped for go-retryablehttp.
func fromRequest(ctx context.Context, u string) error {
	c := retryablehttp.NewClient()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil) // want `POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\)`
	if err != nil {
		return err
	}
	req, err := retryablehttp.FromRequest(hreq)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The key is set on the wrapper: the two share the header map.
func fromRequestKeyed(ctx context.Context, u, orderID string) error { // want fromRequestKeyed:`keyparams\[2\]`
	c := retryablehttp.NewClient()
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req, err := retryablehttp.FromRequest(hreq)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", orderID)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A standard client over go-retryablehttp's RoundTripper retries too.
func roundTripper(u string) error {
	hc := &http.Client{Timeout: 10 * time.Second, Transport: &retryablehttp.RoundTripper{}}
	resp, err := hc.PostForm(u, nil) // want `POST by \(\*http.Client\).PostForm is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func roundTripperNoRetries(u string) error {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	hc := &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}
	resp, err := hc.Post(u, "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
