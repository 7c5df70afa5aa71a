// Package delegated makes clients around the transport its callers give:
// the bound on the wait is theirs to choose, so it is checked where they
// call.
package delegated

import (
	"io"
	"net/http"
	"time"
)

// Backend sends through the transport its caller chose.
type Backend struct{ client http.Client }

// Open makes a Backend around rt: nothing to report here.
func Open(rt http.RoundTripper) *Backend { // want Open:`delegates\(param 0\)`
	return &Backend{client: http.Client{Transport: rt}}
}

// Load streams one object.
func (b *Backend) Load(u string, w io.Writer) error {
	resp, err := b.client.Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(w, resp.Body)
	return err
}

// Options lets the caller give a transport; without one, New uses
// DefaultTransport, which bounds the wait for the response headers.
type Options struct {
	Transport http.RoundTripper
	Secure    bool
}

// DefaultTransport is a variable, so that callers may replace it; its
// default bounds the wait.
var DefaultTransport = func(secure bool) (*http.Transport, error) {
	tr := &http.Transport{ResponseHeaderTimeout: time.Minute, TLSHandshakeTimeout: 10 * time.Second}
	return tr, nil
}

// New makes a client around the caller's transport, or the bounded
// default when there is none.
func New(opts *Options) (*http.Client, error) { // want New:`delegates\(param 0.Transport, nil bounded\)`
	transport := opts.Transport
	if transport == nil {
		var err error
		transport, err = DefaultTransport(opts.Secure)
		if err != nil {
			return nil, err
		}
	}
	return &http.Client{Transport: transport}, nil
}

// OpenOrDefault falls back to http.DefaultTransport itself, which bounds
// nothing: the client is reported where it is made.
func OpenOrDefault(rt http.RoundTripper) *http.Client { // want OpenOrDefault:`returns an unbounded client`
	t := rt
	if t == nil {
		t = http.DefaultTransport
	}
	return &http.Client{Transport: t} // want `^http.Client has no Timeout`
}

// openWith hands on its caller's transport: it delegates in turn.
func openWith(rt http.RoundTripper) *Backend { return Open(rt) }

// newWith hands on its caller's options, nil default included.
func newWith(o *Options) (*http.Client, error) { return New(o) }

// wrapped is a RoundTripper the analyzer cannot see into.
type wrapped struct{ http.RoundTripper }

func callers(opaque http.RoundTripper) {
	Open(http.DefaultTransport)                 // want `^delegated.Open makes an http.Client with no Timeout around this transport, which does not bound the wait for the server: a server that stops answering blocks its calls forever$`
	Open(nil)                                   // want `^delegated.Open makes an http.Client with no Timeout around this transport`
	Open(&http.Transport{MaxIdleConns: 10})     // want `^delegated.Open makes an http.Client with no Timeout around this transport`
	New(&Options{Transport: &http.Transport{}}) // want `^delegated.New makes an http.Client with no Timeout around this transport`
	tr := &http.Transport{DisableCompression: true}
	Open(tr)                                            // want `^delegated.Open makes`
	openWith(http.DefaultTransport)                     // want `^delegated.openWith makes`
	newWith(&Options{Transport: http.DefaultTransport}) // want `^delegated.newWith makes`
	newWith(&Options{Transport: nil})                   // New replaces nil with its bounded default
	newWith(&Options{Secure: true})                     // no transport: New's bounded default
	New(&Options{})                                     // no transport: the bounded default
	New(&Options{Transport: nil})                       // the same
	Open(&http.Transport{ResponseHeaderTimeout: 10 * time.Second})
	bounded := &http.Transport{}
	bounded.ResponseHeaderTimeout = 10 * time.Second
	Open(bounded)
	Open(wrapped{}) // out of sight: quiet
	Open(opaque)    // callers' own parameter: callers delegates in turn, and nobody calls it
	New(&Options{Transport: wrapped{}})
}
