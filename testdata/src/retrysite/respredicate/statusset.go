package respredicate

import (
	"net/http"
	"time"
)

// statusClient goes again on the statuses of a set kept in a field
// (meilisearch-go's retryOnStatus): the constructor fills it with failure
// codes when the options give none, and an option fills it with the
// user's.
type statusClient struct {
	hc            *http.Client
	retryOnStatus map[int]bool
	pending       map[int]bool
	own           map[int]bool
}

type clientOptions struct {
	retryOnStatus map[int]bool
}

func withRetryStatuses(codes []int) func(*clientOptions) {
	return func(o *clientOptions) {
		o.retryOnStatus = make(map[int]bool)
		for _, code := range codes {
			o.retryOnStatus[code] = true
		}
	}
}

func newStatusClient(opts ...func(*clientOptions)) *statusClient {
	o := clientOptions{retryOnStatus: map[int]bool{502: true, 503: true, 504: true}}
	for _, opt := range opts {
		opt(&o)
	}
	c := &statusClient{hc: http.DefaultClient, retryOnStatus: o.retryOnStatus,
		pending: map[int]bool{http.StatusAccepted: true}, own: map[int]bool{500: true, 503: true}}
	if c.retryOnStatus == nil {
		c.retryOnStatus = map[int]bool{502: true, 503: true, 504: true}
	}
	return c
}

// do goes round while the status is in the set: a retry, whatever codes
// the user adds (a success is not among them).
func (c *statusClient) do(req *http.Request) (*http.Response, error) {
	tries := 0
	for { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)`
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if c.retryOnStatus[resp.StatusCode] && tries < 3 {
			tries++
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
}

// doOwn asks of a set whose every value is in sight.
func (c *statusClient) doOwn(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
		resp, err := c.hc.Do(req)
		if err == nil && !c.own[resp.StatusCode] {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, http.ErrHandlerTimeout
}

// await goes round while the server answers 202 Accepted, and leaves on
// any other answer, a failure included: it waits for a job, it does not
// retry one.
func (c *statusClient) await(req *http.Request) (*http.Response, error) {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if !c.pending[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

// doGiven asks of a set its caller gives, with no literal in sight: what
// it holds is unknown, and so is whether a success goes round.
func doGiven(hc *http.Client, req *http.Request, retryOn map[int]bool) (*http.Response, error) {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if !retryOn[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}
