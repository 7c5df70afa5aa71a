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

// gatewayErrors is a package-level set of failure codes without 503: the
// failure a walk assumes stands for any 5xx, so the loop goes round on it
// (and only on it: a transport error returns).
var gatewayErrors = map[int]bool{500: true, 502: true, 504: true}

func doGateway(hc *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if !gatewayErrors[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
	return nil, http.ErrHandlerTimeout
}

// absentCodes holds a client error only: a loop that goes round while the
// server answers 404 and leaves on any other answer waits for an object,
// it retries no failure.
var absentCodes = map[int]bool{404: true}

func awaitObject(hc *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if !absentCodes[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

// accepted is written into at run time (allowAccepted): its literal is no
// longer all it holds, so a failure may be in it too, and the loop may go
// round on one.
var accepted = map[int]bool{http.StatusAccepted: true}

func allowAccepted(code int) { accepted[code] = true }

func awaitAccepted(hc *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if !accepted[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

// none is an empty set, and keyed a set with a key that is no constant:
// what they hold says nothing of a success.
var (
	none      = map[int]bool{}
	limitCode = 429
	keyed     = map[int]bool{limitCode: true}
)

func doNone(hc *http.Client, req *http.Request, set map[int]bool) (*http.Response, error) {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if !none[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

func doKeyed(hc *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `periodic loop, waits sleep\(time.Second\)`
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if !keyed[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}

// okCodes holds the successes the loop stops on: a success is in it, a
// failure is not, so the loop retries failures.
var okCodes = map[int]bool{http.StatusOK: true, http.StatusCreated: true}

func doUntilOK(hc *http.Client, req *http.Request) (*http.Response, error) {
	for { // want `retry loop, unbounded attempts, waits sleep\(time.Second\)`
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if okCodes[resp.StatusCode] {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}
