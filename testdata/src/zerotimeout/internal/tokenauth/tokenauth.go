// Package tokenauth is internal: only packages of its own module call its
// exported functions, and they are analysed too. A client it returns is
// checked at each call in the other packages (tokenuse), not where it is
// made, unless this package already sends through it without a bound or
// the function returns more than the client.
package tokenauth

import (
	"net/http"
)

// TokenTransport adds a bearer token to each request.
type TokenTransport struct {
	Token string
	Base  http.RoundTripper
}

// RoundTrip sends req with the token through Base.
func (t *TokenTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+t.Token)
	return t.Base.RoundTrip(req)
}

// Client is called only by tests and by tokenuse: quiet here, checked there.
func (t *TokenTransport) Client() *http.Client { // want Client:"returns an unbounded client"
	return &http.Client{Transport: t}
}

// NewClient hands back the client through a variable: quiet here too.
func NewClient(token string) *http.Client { // want NewClient:"returns an unbounded client"
	c := &http.Client{Transport: &TokenTransport{Token: token, Base: http.DefaultTransport}}
	return c
}

// Pinger's client is also used here, with no bound: reported where it is
// made, and its calls elsewhere are not reported again.
func Pinger(token string) *http.Client {
	return &http.Client{Transport: &TokenTransport{Token: token, Base: http.DefaultTransport}} // want `^http.Client has no Timeout`
}

// Ping sends through Pinger's client with no deadline.
func Ping(u string) error {
	resp, err := Pinger("t").Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Dial returns an error too, which the fact does not describe: reported
// where the client is made, as in a package that is not internal.
func Dial(token string) (*http.Client, error) {
	return &http.Client{Transport: &TokenTransport{Token: token, Base: http.DefaultTransport}}, nil // want `^http.Client has no Timeout`
}
