// Package outliverun is run after its fix (TestFixedWaitEndsWithContext):
// the retry loop waits an hour between attempts, so only a wait that ends
// with the context lets Poll return when its caller gives up.
package outliverun

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// Attempts counts the calls of ping.
var Attempts int

// Addr is where ping dials; the test points it at a closed port.
var Addr = "127.0.0.1:1"

func ping(ctx context.Context) error {
	Attempts++
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", Addr)
	if err != nil {
		return err
	}
	return conn.Close()
}

func Poll(ctx context.Context) (int, error) {
	for {
		if err := ping(ctx); err == nil {
			return Attempts, nil
		}
		time.Sleep(time.Hour) // want `retry loop waits with time\.Sleep while ctx is in scope`
	}
}

// Supervised counts the sessions Supervise served.
var Supervised int

// Supervise reconnects forever, waiting an hour more after each failure in
// a row: a connection supervisor, with no result to return an error in.
func Supervise(ctx context.Context) {
	failures := 0
	for {
		var d net.Dialer
		conn, err := d.DialContext(ctx, "tcp", Addr)
		if err != nil {
			failures++
			time.Sleep(time.Duration(failures) * time.Hour) // want `retry loop waits with time\.Sleep while ctx is in scope`
			continue
		}
		failures = 0
		Supervised++
		conn.Close()
	}
}

// Sends counts the attempts of Send.
var Sends int

// Send retries the request its caller built, waiting an hour after each
// failure: the request's context is the caller's, and only a wait that ends
// with it lets Send return when the caller gives up.
func Send(c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		Sends++
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Hour) // want `retry loop waits with time\.Sleep while req\.Context\(\) is in scope`
	}
}

// Runs counts the attempts of Run.
var Runs int

// Run sends the request through send and, on an answer that asks for
// another attempt, waits an hour and calls itself with one attempt more
// (cohere's Retrier.run): the request's context is the caller's.
func Run(send func(*http.Request) (*http.Response, error), req *http.Request, attempt int) (*http.Response, error) {
	if attempt >= 3 {
		return nil, errors.New("out of attempts")
	}
	Runs++
	resp, err := send(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= http.StatusInternalServerError {
		resp.Body.Close()
		time.Sleep(time.Hour) // want `recursive retry waits with time\.Sleep while req\.Context\(\) is in scope`
		return Run(send, req, attempt+1)
	}
	return resp, nil
}
