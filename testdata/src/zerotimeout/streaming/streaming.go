// Package streaming holds clients whose fix depends on how their responses
// are read: Timeout, which also cuts the reading of the body, only for
// responses read whole; for streamed bodies (and where the analyzer cannot
// tell) a transport that bounds the wait for the server, not the transfer.
package streaming

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
)

// Copy copies the body to a file: streamed.
func Copy(u, name string) error {
	c := &http.Client{} // want `^http.Client has no Timeout`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.Copy(f, resp.Body)
	return err
}

// Open hands the body back to the caller: streamed.
func Open(u string) (io.ReadCloser, error) {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return nil, err
	}
	return resp.Body, nil
}

// Named hands the response back through a named result: streamed.
func Named(u string) (resp *http.Response, err error) {
	resp, err = http.Get(u) // want `^http.Get uses http.DefaultClient`
	return
}

// Events reads server-sent events line by line: streamed.
func Events(u string, event func(string)) error {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		event(sc.Text())
	}
	return sc.Err()
}

// Values decodes a stream of JSON values with one decoder: streamed.
func Values(u string, each func(json.RawMessage)) error {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	dec := json.NewDecoder(resp.Body)
	for dec.More() {
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		each(v)
	}
	return nil
}

// Decode decodes one JSON value: read whole.
func Decode(u string, v any) error {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}

// Limited reads at most 1 MiB: read whole.
func Limited(u string) ([]byte, error) {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(io.LimitReader(resp.Body, 1<<20))
}

// Status looks at the status only: nothing to stream.
func Status(u string) (int, error) {
	resp, err := http.Head(u) // want `^http.Head uses http.DefaultClient`
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// checkStatus reads a failed response's body whole.
func checkStatus(resp *http.Response) error {
	if resp.StatusCode < 300 {
		return nil
	}
	b, _ := io.ReadAll(resp.Body)
	return &statusError{resp.StatusCode, string(b)}
}

type statusError struct {
	code int
	body string
}

func (e *statusError) Error() string { return e.body }

// Checked hands the response to a function of the package that reads it
// whole: read whole.
func Checked(u string) error {
	resp, err := http.Get(u) // want `^http.Get uses http.DefaultClient`
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return checkStatus(resp)
}

// api sends twice through one client: one response read whole, one
// streamed. The transport fix is safe for both.
type api struct{ hc *http.Client }

// NewAPI makes an api.
func NewAPI() *api { return &api{hc: &http.Client{}} } // want `^http.Client has no Timeout`

func (a *api) status(u string) (int, error) {
	resp, err := a.hc.Get(u)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

func (a *api) download(u string, w io.Writer) error {
	resp, err := a.hc.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// Shared is exported: how code elsewhere reads its responses is out of
// sight, so it gets the transport fix, which is safe for any body.
var Shared http.Client // want `zero-value http.Client Shared has no Timeout`
