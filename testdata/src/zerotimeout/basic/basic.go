// Package basic holds the clients zerotimeout reports, and their near misses.
package basic

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// get sends through c and reads the response whole: the fixes set Timeout.
func get(c *http.Client, u string) ([]byte, error) {
	resp, err := c.Get(u)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

const (
	none  = 0
	limit = 5 * time.Second
)

var pkgClient http.Client // want `zero-value http.Client pkgClient has no Timeout: a server that stops answering blocks its calls forever`

var pkgLit = &http.Client{} // want `^http.Client has no Timeout: a server that stops answering blocks its calls forever$`

var a, b http.Client // want `zero-value http.Client a has no Timeout` `zero-value http.Client b has no Timeout`

var (
	// grouped keeps its comment.
	grouped http.Client // want `zero-value http.Client grouped has no Timeout`
	_       http.Client
)

// Package sends through the package-level clients.
func Package(u string) {
	get(&pkgClient, u)
	get(pkgLit, u)
	get(&a, u)
	get(&b, u)
	get(&grouped, u)
}

// shared is a transport given no value here (a caller's transport would
// make the caller the one to check).
var shared http.RoundTripper

func literals(u string) {
	t := shared
	one := http.Client{}                // want `^http.Client has no Timeout`
	two := &http.Client{Transport: t}   // want `^http.Client has no Timeout`
	three := &http.Client{Transport: t} // want `^http.Client has no Timeout`
	four := &http.Client{               // want `^http.Client has no Timeout`
		Transport: t, // shared transport
		Jar:       nil,
	}
	five := http.Client{Timeout: 0}                // want `^http.Client Timeout is 0, which means no timeout: a server that stops answering blocks its calls forever$`
	six := http.Client{Timeout: none}              // want `Timeout is 0`
	seven := http.Client{Timeout: 0 * time.Second} // want `Timeout is 0`
	get(&one, u)
	get(two, u)
	get(three, u)
	get(four, u)
	get(&five, u)
	get(&six, u)
	get(&seven, u)
	get(&http.Client{}, u) // want `^http.Client has no Timeout`
}

func timeoutFromEnv() time.Duration { return time.Second }

// notLiterals holds clients whose Timeout is set, or may be: precision first.
func notLiterals(d time.Duration, cfg struct{ Timeout time.Duration }) []http.Client {
	_ = http.Server{}         // a server, not a client
	_ = http.DefaultTransport // the transport has its own timeouts
	_ = "http.Client{}"       // http.DefaultClient in a comment
	_ = &http.Transport{}     // not a client
	return []http.Client{
		{Timeout: limit},
		{Timeout: 10 * time.Second},
		{Timeout: d},
		{Timeout: cfg.Timeout},
		{Timeout: timeoutFromEnv()},
	}
}

func newClient() *http.Client {
	return new(http.Client) // want `^new\(http.Client\) has no Timeout: a server that stops answering blocks its calls forever$`
}

func newInHeaders(u string) {
	get(newClient(), u)
	if c := new(http.Client); c != nil { // want `new\(http.Client\) has no Timeout`
		get(c, u)
	}
	new(http.Client).Head(u) // want `new\(http.Client\) has no Timeout`
	p := new(*http.Client)   // a new nil pointer, not a client
	_ = p
}

func zeroVar(u string) {
	var c http.Client // want `zero-value http.Client c has no Timeout`
	get(&c, u)
	var p *http.Client // a nil pointer, not a client
	_ = p
}

func use(c *http.Client) { get(c, "u") }

func defaults(u string, req *http.Request) {
	http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout: a server that stops answering blocks this call forever$`
	c := http.DefaultClient    // want `^http.DefaultClient has no Timeout`
	use(c)
	use(http.DefaultClient)                            // want `^http.DefaultClient has no Timeout`
	http.Get(u)                                        // want `^http.Get uses http.DefaultClient, which has no Timeout: a server that stops answering blocks this call forever$`
	http.Head(u)                                       // want `^http.Head uses http.DefaultClient`
	http.Post(u, "text/plain", strings.NewReader("x")) // want `^http.Post uses http.DefaultClient`
	http.PostForm(u, url.Values{})                     // want `^http.PostForm uses http.DefaultClient`
	get := http.Get                                    // want `^http.Get uses http.DefaultClient`
	get(u)
	if resp, err := http.Get(u); err == nil { // want `^http.Get uses http.DefaultClient`
		resp.Body.Close()
	}
	if d := http.DefaultClient; d != nil { // want `^http.DefaultClient has no Timeout`
		use(d)
	}
}

// notDefaults compares with and reads http.DefaultClient: none of that
// sends a request.
func notDefaults(c *http.Client) time.Duration {
	if c == http.DefaultClient || (http.DefaultClient) != c {
		return 0
	}
	return http.DefaultClient.Timeout
}

func ignored(u string) {
	//retrylint:ignore zerotimeout the caller wraps every call in a context deadline
	get(&http.Client{}, u)
}
