// Package nocontext imports net/http but not context: a wait between
// attempts at the request it is handed still outlives the request's
// context.
package nocontext

import (
	"errors"
	"net/http"
	"time"
)

// Run calls itself again after a 5xx (cohere's Retrier.run).
func Run(send func(*http.Request) (*http.Response, error), req *http.Request, attempt int) (*http.Response, error) {
	if attempt >= 3 {
		return nil, errors.New("out of attempts")
	}
	resp, err := send(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= http.StatusInternalServerError {
		resp.Body.Close()
		time.Sleep(time.Minute) // want `^recursive retry waits with time\.Sleep while req\.Context\(\) is in scope`
		return Run(send, req, attempt+1)
	}
	return resp, nil
}

// Local retries work that stays in this process: no site, nothing to
// outlive.
func Local(parse func(string) (int, error), s string, attempt int) (int, error) {
	n, err := parse(s)
	if err != nil && attempt < 3 {
		time.Sleep(time.Second)
		return Local(parse, s, attempt+1)
	}
	return n, err
}
