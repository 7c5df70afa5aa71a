package respredicate

import (
	"bytes"
	"errors"
	"net/http"
	"slices"
	"time"
)

// hasStatus asks whether the response's status is one of codes, which the
// caller gives (go-autorest's ResponseHasStatusCode).
func hasStatus(res *http.Response, codes ...int) bool {
	if res == nil {
		return false
	}
	return containsInt(codes, res.StatusCode)
}

func containsInt(list []int, n int) bool {
	for _, v := range list {
		if v == n {
			return true
		}
	}
	return false
}

// sendForCodes goes again on an error and on the statuses its caller names:
// whatever they are, a success is not among them.
func sendForCodes(c *http.Client, req *http.Request, attempts int, codes ...int) (*http.Response, error) {
	for attempt := 0; attempt < attempts; attempt++ { // want `retry loop, an unknown number of attempts, waits sleep\(time.Second\)`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, codes...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendContains asks slices.Contains of the list it is given.
func sendContains(c *http.Client, req *http.Request, retryOn []int) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
		res, err := c.Do(req)
		if err == nil && !slices.Contains(retryOn, res.StatusCode) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

type statusRetrier struct {
	client  *http.Client
	retryOn []int
}

// send asks of a list kept in a field, whose values the package may show
// (and which may hold 200): not taken for the caller's.
func (r *statusRetrier) send(req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := r.client.Do(req)
		if err == nil && !slices.Contains(r.retryOn, res.StatusCode) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

var pollCodes = []int{http.StatusOK, http.StatusAccepted}

// sendPolled hands over a package variable that holds a success.
func sendPolled(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, pollCodes...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendLocal hands over a local list that holds a success.
func sendLocal(c *http.Client, req *http.Request) (*http.Response, error) {
	codes := []int{http.StatusOK, http.StatusServiceUnavailable}
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, codes...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendAppended adds a success to the list it is given.
func sendAppended(c *http.Client, req *http.Request, codes []int) (*http.Response, error) {
	codes = append(codes, http.StatusOK)
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, codes...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendAddressed hands the list out by address, to what may add to it.
func sendAddressed(c *http.Client, req *http.Request, codes []int, add func(*[]int)) (*http.Response, error) {
	add(&codes)
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, codes...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendRanged sets the list's variable in a range over others.
func sendRanged(c *http.Client, req *http.Request, codes []int, sets [][]int) (*http.Response, error) {
	for _, codes = range sets {
	}
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, codes...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// bodyRetry is given the body beside the response: bytes are no codes, and
// the predicate is read as before.
func bodyRetry(res *http.Response, body []byte) bool {
	if res == nil {
		return true
	}
	retryable := bytes.Contains(body, []byte("retry"))
	return retryable && res.StatusCode >= 500
}

func sendBody(c *http.Client, req *http.Request, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
		res, err := c.Do(req)
		if !bodyRetry(res, body) {
			return res, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendForListed names its codes in a literal, which may hold a success (it
// does): the loop goes around on 200 and is no retry.
func sendForListed(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, []int{http.StatusOK, http.StatusServiceUnavailable}...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// anyStatus is given its values as ...any: a list handed to it is one
// value, not a list of codes.
func anyStatus(res *http.Response, vals ...any) bool {
	for _, v := range vals {
		if v == res.StatusCode {
			return true
		}
	}
	return false
}

func sendForAny(c *http.Client, req *http.Request, codes []int) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !anyStatus(res, codes) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// firstMatch leaves its range early: the walk follows no break.
func firstMatch(res *http.Response, codes []int) bool {
	found := false
	for _, v := range codes {
		if v == res.StatusCode {
			found = true
			break
		}
	}
	return found
}

func sendFirstMatch(c *http.Client, req *http.Request, codes []int) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !firstMatch(res, codes) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// inListed ranges over a list of its own, which holds a success.
func inListed(res *http.Response) bool {
	for _, v := range []int{http.StatusOK, http.StatusServiceUnavailable} {
		if v == res.StatusCode {
			return true
		}
	}
	return false
}

func sendForInListed(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if err == nil && !inListed(res) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// failedAll is given its errors as ...error: the list it gets, never nil,
// is not the attempt's error, so it answers true even for a success.
func failedAll(res *http.Response, errs ...error) bool {
	if errs == nil {
		return false
	}
	return true
}

func sendFailedAll(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `periodic loop, waits sleep\(time.Second\)$`
		res, err := c.Do(req)
		if !failedAll(res, err) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// sendLater retries in a function literal, with the list the function
// around it is given.
func sendLater(c *http.Client, req *http.Request, codes []int) func() (*http.Response, error) {
	return func() (*http.Response, error) {
		for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
			res, err := c.Do(req)
			if err == nil && !hasStatus(res, codes...) {
				return res, nil
			}
			time.Sleep(time.Second)
		}
		return nil, errors.New("gave up")
	}
}

// codeList is a list of codes whose method retries on them.
type codeList []int

func (l codeList) send(c *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 4; attempt++ { // want `retry loop, up to 4 attempts, waits sleep\(time.Second\)`
		res, err := c.Do(req)
		if err == nil && !hasStatus(res, l...) {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}
