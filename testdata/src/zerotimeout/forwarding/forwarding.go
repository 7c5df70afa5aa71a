// Package forwarding wraps clients in transports that sign each request and
// send it through the client they hold (olivere/elastic's AWS signing
// transport): the wait is that client's, judged where it is made.
package forwarding

import "net/http"

type signing struct {
	client *http.Client
	key    string
}

func (s signing) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("Authorization", s.key)
	return s.client.Do(req)
}

func get(c *http.Client, u string) error {
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Signed sends through the client its caller gives, signed.
func Signed(c *http.Client, key, u string) error {
	return get(&http.Client{Transport: signing{client: c, key: key}}, u)
}

// SignedDefault hands the signer http.DefaultClient: reported there.
func SignedDefault(key, u string) error {
	return Signed(http.DefaultClient, key, u) // want `http.DefaultClient has no Timeout`
}

// fallback sends plain-HTTP requests through the default transport, out of
// the held client's reach.
type fallback struct{ client *http.Client }

func (f fallback) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme == "http" {
		return http.DefaultTransport.RoundTrip(req)
	}
	return f.client.Do(req)
}

func Fallback(c *http.Client, u string) error {
	return get(&http.Client{Transport: fallback{client: c}}, u) // want `http.Client has no Timeout`
}

// racing also sends through the default transport, from a goroutine.
type racing struct{ client *http.Client }

func (r racing) RoundTrip(req *http.Request) (*http.Response, error) {
	go func() {
		if resp, err := http.DefaultTransport.RoundTrip(req.Clone(req.Context())); err == nil {
			resp.Body.Close()
		}
	}()
	return r.client.Do(req)
}

func Racing(c *http.Client, u string) error {
	return get(&http.Client{Transport: racing{client: c}}, u) // want `http.Client has no Timeout`
}
