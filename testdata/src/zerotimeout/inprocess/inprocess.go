// Package inprocess keeps clients whose transport serves each request with
// a handler in this process and answers with what an
// httptest.ResponseRecorder recorded (cloudflared's in-memory websocket
// pipe, test support outside _test.go files): no request leaves the
// process, so there is no server to wait for and no Timeout to set. A
// transport that also sends, or answers with a response from elsewhere,
// still needs one.
package inprocess

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
)

// fakeTransport serves the request with h over an in-memory pipe.
type fakeTransport struct {
	h http.HandlerFunc
}

type hijacker struct {
	*httptest.ResponseRecorder
	conn net.Conn
}

func (t fakeTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	client, server := net.Pipe()
	hj := hijacker{ResponseRecorder: httptest.NewRecorder(), conn: server}
	t.h.ServeHTTP(hj, r)
	resp := hj.ResponseRecorder.Result()
	if resp.StatusCode == http.StatusSwitchingProtocols {
		resp.Body = client
	}
	return resp, nil
}

// recorderTransport answers directly from a recorder, or refuses.
type recorderTransport struct{ h http.Handler }

func (t *recorderTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.h == nil {
		return nil, errors.New("no handler")
	}
	rec := httptest.NewRecorder()
	t.h.ServeHTTP(rec, r)
	return rec.Result(), nil
}

// recordingProxy records, but sends the request on first.
type recordingProxy struct{ next *http.Transport }

func (t recordingProxy) RoundTrip(r *http.Request) (*http.Response, error) {
	if _, err := t.next.RoundTrip(r); err != nil {
		return nil, err
	}
	rec := httptest.NewRecorder()
	return rec.Result(), nil
}

// fallback answers from a recorder only when it has no upstream.
type fallback struct{ upstream http.RoundTripper }

func (t fallback) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.upstream != nil {
		return t.upstream.RoundTrip(r)
	}
	return httptest.NewRecorder().Result(), nil
}

// Get sends through c.
func Get(c *http.Client, u string) error {
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Pipe gets u through clients over in-process and other transports.
func Pipe(h http.HandlerFunc, u string) []error {
	tt := fakeTransport{h: h}
	var errs []error
	for _, c := range []*http.Client{
		{Transport: tt},
		{Transport: &recorderTransport{h: h}},
		{Transport: recordingProxy{next: &http.Transport{}}},   // want `http.Client has no Timeout`
		{Transport: fallback{upstream: http.DefaultTransport}}, // want `http.Client has no Timeout`
	} {
		errs = append(errs, Get(c, u))
	}
	return errs
}
