package bounded

import (
	"context"
	"net"
	"net/http"
	"time"
)

// HeaderTimeout: the transport bounds the wait for the response headers.
var HeaderTimeout = &http.Client{Transport: &http.Transport{ResponseHeaderTimeout: 10 * time.Second}}

// Layered: dial, TLS and header timeouts, as the net/http timeouts guide
// recommends.
var Layered = &http.Client{
	Transport: &http.Transport{
		DialContext:           (&net.Dialer{Timeout: 30 * time.Second}).DialContext,
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: 10 * time.Second,
	},
}

// ZeroHeaderTimeout: a zero ResponseHeaderTimeout bounds nothing.
var ZeroHeaderTimeout = &http.Client{Transport: &http.Transport{ResponseHeaderTimeout: 0}} // want `^http.Client has no Timeout`

// DialOnly: a dial timeout alone does not bound a server that accepts and
// never answers.
var DialOnly = &http.Client{Transport: &http.Transport{DialContext: (&net.Dialer{Timeout: time.Second}).DialContext}} // want `^http.Client has no Timeout`

// ClonedDefault clones http.DefaultTransport and sets the header timeout.
func ClonedDefault(d time.Duration) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ResponseHeaderTimeout = d
	return &http.Client{Transport: tr}
}

// ClonedOnly clones it and bounds nothing.
func ClonedOnly() *http.Client { // want ClonedOnly:`returns an unbounded client`
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 10
	return &http.Client{Transport: tr} // want `^http.Client has no Timeout`
}

// AssignedTransport gets its bounded transport after it is made.
func AssignedTransport() *http.Client {
	c := &http.Client{}
	c.Transport = &http.Transport{ResponseHeaderTimeout: time.Minute}
	return c
}

// sharedTransport is one bounded transport for several clients.
var sharedTransport = &http.Transport{ResponseHeaderTimeout: time.Minute}

// SharedTransport sends through it.
var SharedTransport = &http.Client{Transport: sharedTransport}

// newTransport returns a bounded transport.
func newTransport() http.RoundTripper {
	return &http.Transport{ResponseHeaderTimeout: time.Minute}
}

// FromConstructor gets its transport from a function of the package.
var FromConstructor = &http.Client{Transport: newTransport()}

// deadlineConn sets a read deadline before every read: a stalled server
// fails the read.
type deadlineConn struct {
	net.Conn
	idle time.Duration
}

func (c *deadlineConn) Read(p []byte) (int, error) {
	if err := c.Conn.SetReadDeadline(time.Now().Add(c.idle)); err != nil {
		return 0, err
	}
	return c.Conn.Read(p)
}

func dialWithDeadlines(ctx context.Context, network, addr string) (net.Conn, error) {
	conn, err := (&net.Dialer{Timeout: 30 * time.Second}).DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	return &deadlineConn{Conn: conn, idle: time.Minute}, nil
}

// ReadDeadlines: its connections carry read deadlines.
var ReadDeadlines = &http.Client{Transport: &http.Transport{DialContext: dialWithDeadlines}}

// DeadlineOnDial sets a deadline on the connection itself.
var DeadlineOnDial = &http.Client{Transport: &http.Transport{
	DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		conn, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		if err == nil {
			err = conn.SetDeadline(time.Now().Add(time.Hour))
		}
		return conn, err
	},
}}

// plainDial returns connections without deadlines.
func plainDial(ctx context.Context, network, addr string) (net.Conn, error) {
	return (&net.Dialer{}).DialContext(ctx, network, addr)
}

// PlainDial: no deadline on its connections.
var PlainDial = &http.Client{Transport: &http.Transport{DialContext: plainDial}} // want `^http.Client has no Timeout`

// logging is a RoundTripper that wraps another.
type logging struct{ next http.RoundTripper }

func (l *logging) RoundTrip(req *http.Request) (*http.Response, error) { return l.next.RoundTrip(req) }

// Wrapped: a RoundTripper around a bounded transport.
var Wrapped = &http.Client{Transport: &logging{next: &http.Transport{ResponseHeaderTimeout: time.Minute}}}

// WrappedDefault: a RoundTripper around http.DefaultTransport, which does
// not bound the wait for the headers.
var WrappedDefault = &http.Client{Transport: &logging{next: http.DefaultTransport}} // want `^http.Client has no Timeout`
