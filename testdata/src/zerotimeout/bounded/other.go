package bounded

import (
	"net/http"
	"time"

	"github.com/docker/docker/client"
	moby "github.com/moby/moby/client"
)

// The Docker SDK's calls may rightly wait as long as they take (logs
// -f, events, a commit or a prune answered when done), so no Timeout fits
// the client handed to it, and the SDK's own default has none: quiet,
// whatever the options around it.
func Docker() (*client.Client, error) {
	hc := &http.Client{}
	return client.NewClientWithOpts(client.FromEnv, client.WithHTTPClient(hc), client.WithTimeout(30*time.Second))
}

func DockerTimeoutFirst() (*client.Client, error) {
	hc := &http.Client{}
	return client.NewClientWithOpts(client.WithTimeout(30*time.Second), client.WithHTTPClient(hc))
}

func DockerNoTimeout() (*client.Client, error) {
	return client.NewClientWithOpts(client.FromEnv, client.WithHTTPClient(&http.Client{}))
}

// The same SDK under its own module's path.
func Moby() (*moby.Client, error) {
	return moby.New(moby.FromEnv, moby.WithHTTPClient(&http.Client{}))
}

// DockerAlsoSends sends through the client it hands the SDK: a Timeout on
// it would still cut the SDK's long calls, so it stays quiet too.
func DockerAlsoSends(u string) (*client.Client, error) {
	hc := &http.Client{}
	if _, err := readAll(hc.Get(u)); err != nil {
		return nil, err
	}
	return client.NewClientWithOpts(client.WithHTTPClient(hc))
}

// DockerOwnClient keeps a client apart for its own sends: reported.
func DockerOwnClient(u string) (*client.Client, error) {
	own := &http.Client{} // want `^http.Client has no Timeout`
	if _, err := readAll(own.Get(u)); err != nil {
		return nil, err
	}
	return client.NewClientWithOpts(client.WithHTTPClient(&http.Client{}))
}

// API sets its client's Timeout with a setter in its constructor.
type API struct{ hc *http.Client }

// NewAPI makes an API with the timeout d.
func NewAPI(d time.Duration) *API {
	a := &API{hc: &http.Client{}}
	a.setTimeout(d)
	return a
}

func (a *API) setTimeout(d time.Duration) { a.hc.Timeout = d }

func (a *API) setJar() { a.hc.Jar = nil }

// Fetch sends through the API's client.
func (a *API) Fetch(u string) ([]byte, error) { return readAll(a.hc.Get(u)) }

// NewAPIUntimed calls a setter that sets no Timeout.
func NewAPIUntimed() *API {
	a := &API{hc: &http.Client{}} // want `^http.Client has no Timeout`
	a.setJar()
	return a
}

// NewAPISetLate uses the client before the setter runs.
func NewAPISetLate(u string, d time.Duration) *API {
	a := &API{hc: &http.Client{}} // want `^http.Client has no Timeout`
	a.Fetch(u)
	a.setTimeout(d)
	return a
}

func configure(c *http.Client, d time.Duration) { c.Timeout = d }

// Configured is given its Timeout by a function of the package.
func Configured(u string, d time.Duration) ([]byte, error) {
	c := &http.Client{}
	configure(c, d)
	return readAll(c.Get(u))
}

// fetch falls back to http.DefaultClient when given no client; every
// caller in the package gives one.
func fetch(c *http.Client, u string) ([]byte, error) {
	if c == nil {
		c = http.DefaultClient
	}
	return readAll(c.Get(u))
}

// Fallback gives fetch a client with a Timeout.
func Fallback(u string) ([]byte, error) {
	return fetch(&http.Client{Timeout: 10 * time.Second}, u)
}

// FallbackGiven gives fetch the client it is given.
func FallbackGiven(c *http.Client, u string) ([]byte, error) { return fetch(c, u) }

// fetchNil falls back too, and a caller reaches the fallback.
func fetchNil(c *http.Client, u string) ([]byte, error) {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return readAll(c.Get(u))
}

// FallbackNil passes no client.
func FallbackNil(u string) ([]byte, error) { return fetchNil(nil, u) }

// FetchExported falls back, and its callers are out of sight.
func FetchExported(c *http.Client, u string) ([]byte, error) { // want FetchExported:"falls back to http.DefaultClient when parameter 0 is nil"
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return readAll(c.Get(u))
}

type options struct{ client *http.Client }

// withOptions falls back when its options name no client.
func withOptions(o options, u string) ([]byte, error) {
	if o.client == nil {
		o.client = http.DefaultClient
	}
	return readAll(o.client.Get(u))
}

// OptionsGiven names a client.
func OptionsGiven(c *http.Client, u string) ([]byte, error) {
	return withOptions(options{client: c}, u)
}

// NeverSends makes a client and only reads its fields.
func NeverSends() bool {
	c := &http.Client{}
	return c.Jar == nil
}

// unusedClient is a package-level client nothing sends through.
var unusedClient http.Client

// holder stores a client that nothing uses.
type holder struct{ hc *http.Client }

// NewHolder makes a holder.
func NewHolder() *holder { return &holder{hc: new(http.Client)} }

// closer returns a client; its only caller closes idle connections.
func closer() *http.Client { return &http.Client{} }

// CloseIdle sends nothing.
func CloseIdle() { closer().CloseIdleConnections() }

// tokenSource refreshes a token through the client its caller gives.
type tokenSource struct{ url string }

// Token falls back to http.DefaultClient for a nil client: it is exported,
// and its callers are out of sight.
func (s *tokenSource) Token(c *http.Client) ([]byte, error) {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return s.refresh(c)
}

// refresh falls back too, but it is an unexported method no interface
// names, and its only caller gives it the client it has just made sure of.
func (s *tokenSource) refresh(c *http.Client) ([]byte, error) {
	if c == nil {
		c = http.DefaultClient
	}
	return readAll(c.Get(s.url))
}

// prober is an interface of the package with a method named like the one
// below: a call through it would not mention the method.
type prober interface{ ping(c *http.Client) error }

// ping falls back, and may be called through prober with nil.
func (s *tokenSource) ping(c *http.Client) error {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	_, err := c.Get(s.url)
	return err
}

var _ prober = (*tokenSource)(nil)

// fetchVia falls back, and a method expression passes nil after its
// receiver.
func (s *tokenSource) fetchVia(c *http.Client) ([]byte, error) {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return readAll(c.Get(s.url))
}

// ViaExpr calls fetchVia as a method expression.
func ViaExpr(s *tokenSource) ([]byte, error) { return (*tokenSource).fetchVia(s, nil) }

// fetchDirect falls back, and a caller in the package gives it nil.
func (s *tokenSource) fetchDirect(c *http.Client) ([]byte, error) {
	if c == nil {
		c = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	return readAll(c.Get(s.url))
}

// Direct passes no client.
func Direct(s *tokenSource) ([]byte, error) { return s.fetchDirect(nil) }

// fetchGiven falls back, and its only call, through a method expression,
// gives it a client after the receiver.
func (s *tokenSource) fetchGiven(c *http.Client) ([]byte, error) {
	if c == nil {
		c = http.DefaultClient
	}
	return readAll(c.Get(s.url))
}

// GivenByExpr calls fetchGiven as a method expression, with a client.
func GivenByExpr(s *tokenSource) ([]byte, error) {
	return (*tokenSource).fetchGiven(s, &http.Client{Timeout: 10 * time.Second})
}
