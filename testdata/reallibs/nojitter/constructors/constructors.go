// Package constructors holds go-retryablehttp clients and go-retry backoffs
// configured where they are made and used elsewhere (the cases of
// testdata/src/nojitter/constructors, against the real libraries).
package constructors

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	retry "github.com/sethvargo/go-retry"

	"example.com/reallibs/nojitter/constructors/tune"
)

// --- go-retryablehttp: reported ---

// newClient configures the client and returns it: its Backoff is decided
// here, and it is DefaultBackoff.
func newClient() *retryablehttp.Client {
	c := retryablehttp.NewClient() // want `retryablehttp client retries with DefaultBackoff, which has no jitter: clients that failed together retry together; use retryablehttp.LinearJitterBackoff`
	c.RetryMax = 4
	return c
}

// newClientErr returns the client as the first of two results.
func newClientErr(wait time.Duration) (*retryablehttp.Client, error) {
	c := retryablehttp.NewClient() // want `retryablehttp client retries with DefaultBackoff`
	c.RetryWaitMax = wait
	return c, nil
}

// useClientErr takes it and sets nothing that matters.
func useClientErr() error {
	c, err := newClientErr(time.Minute)
	if err != nil {
		return err
	}
	c.RetryWaitMin = time.Second
	_, err = c.Get("https://example.com/")
	return err
}

// artifacts keeps an untouched client in a field that its methods send
// through: made in one function, used in another.
type artifacts struct {
	client *retryablehttp.Client
}

func newArtifacts() *artifacts {
	return &artifacts{
		client: retryablehttp.NewClient(), // want `retryablehttp client retries with DefaultBackoff`
	}
}

func (a *artifacts) download(ctx context.Context, url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return a.client.Do(req)
}

// mirror sets its field in a method and sends through it in another.
type mirror struct {
	client *retryablehttp.Client
}

func (m *mirror) init() {
	m.client = retryablehttp.NewClient() // want `retryablehttp client retries with DefaultBackoff`
}

func (m *mirror) fetch(url string) (*http.Response, error) {
	return m.client.Get(url)
}

// limited is configured by a helper of the package that leaves Backoff alone.
func limited() *http.Client {
	c := retryablehttp.NewClient() // want `retryablehttp client retries with DefaultBackoff`
	limit(c)
	return c.StandardClient()
}

func limit(c *retryablehttp.Client) {
	c.RetryMax = 2
}

// pinned chooses DefaultBackoff by name in another function: reported
// there, not where the client is made.
type pinned struct {
	client *retryablehttp.Client
}

func newPinned() *pinned {
	return &pinned{client: retryablehttp.NewClient()}
}

func (p *pinned) lockstep() {
	p.client.Backoff = retryablehttp.DefaultBackoff // want `retryablehttp client retries with DefaultBackoff`
}

// The package-level functions send through the package's default client.
func packageLevel(url string) {
	_, _ = retryablehttp.Get(url)                             // want `retryablehttp.Get sends through the package's default client, which backs off without jitter \(DefaultBackoff, up to 4 retries\): clients that failed together retry together; send through a client of your own with Backoff set to retryablehttp.LinearJitterBackoff`
	_, _ = retryablehttp.Head(url)                            // want `retryablehttp.Head sends through the package's default client, which backs off without jitter`
	_, _ = retryablehttp.Post(url, "application/json", nil)   // want `retryablehttp.Post sends through the package's default client, which backs off without jitter`
	_, _ = retryablehttp.PostForm(url, map[string][]string{}) // want `retryablehttp.PostForm sends through the package's default client, which backs off without jitter`
}

// --- go-retryablehttp: not reported ---

// jittered sets a jittered Backoff where it configures the client.
func jittered() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 4
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c
}

// base configures the client; its one caller in the package sets a jittered
// Backoff.
func base() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 6
	return c
}

func withJitter() *retryablehttp.Client {
	c := base()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c
}

// helped gets its Backoff from a helper of the package.
func helped() *http.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	jitter(c)
	return c.StandardClient()
}

func jitter(c *retryablehttp.Client) {
	c.Backoff = retryablehttp.LinearJitterBackoff
}

// store sets the Backoff of its field in another method.
type store struct {
	client *retryablehttp.Client
}

func newStore() *store {
	return &store{client: retryablehttp.NewClient()}
}

func (s *store) tune() {
	s.client.Backoff = retryablehttp.RateLimitLinearJitterBackoff
}

func (s *store) get(url string) (*http.Response, error) {
	return s.client.Get(url)
}

// custom chooses a backoff of its own: the package's choice, not the
// library's default.
func custom() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 4
	c.Backoff = func(min, max time.Duration, attempt int, resp *http.Response) time.Duration { return min }
	return c
}

// handedOn configures the client and hands it to another package, which may
// set its Backoff.
func handedOn() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 4
	tune.Client(c)
	return c
}

// sent goes through a channel: out of sight.
func sent(out chan<- *retryablehttp.Client) {
	c := retryablehttp.NewClient()
	c.RetryMax = 4
	out <- c
}

// factory makes a client it neither configures nor uses: the caller will.
func factory() *retryablehttp.Client {
	return retryablehttp.NewClient()
}

// once turns the retries off in another method.
type once struct {
	client *retryablehttp.Client
}

func newOnce() *once {
	o := &once{client: retryablehttp.NewClient()}
	o.client.RetryWaitMin = time.Second
	return o
}

func (o *once) noRetries() {
	o.client.RetryMax = 0
}

func (o *once) get(url string) (*http.Response, error) {
	return o.client.Get(url)
}

// configured takes its RetryMax from its caller, which may pass 0.
func configured(retries int) *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = retries
	return c
}

// named returns the client through a named result; its caller jitters it.
func named() (c *retryablehttp.Client) {
	c = retryablehttp.NewClient()
	c.RetryMax = 5
	return
}

func namedJittered() *retryablehttp.Client {
	c := named()
	c.Backoff = retryablehttp.LinearJitterBackoff
	return c
}

// embedded reaches the client's fields without naming it.
type embedded struct {
	*retryablehttp.Client
}

func newEmbedded() *embedded {
	c := retryablehttp.NewClient()
	c.RetryMax = 4
	e := &embedded{c}
	e.Backoff = retryablehttp.LinearJitterBackoff
	return e
}

// --- go-retry: reported ---

// newBackoff returns a Fibonacci backoff without a jitter wrapper.
func newBackoff() retry.Backoff {
	return retry.NewFibonacci(time.Second) // want `retry backoff made without jitter \(retry.NewFibonacci without a jitter wrapper\): clients that failed together retry together; wrap it in retry.WithFullJitter`
}

// newCapped limits the attempts, which adds no jitter.
func newCapped() retry.Backoff {
	return retry.WithMaxRetries(5, retry.NewExponential(100*time.Millisecond)) // want `retry backoff made without jitter \(retry.NewExponential without a jitter wrapper\)`
}

// poller keeps its backoff in a field that a method hands to retry.Do.
type poller struct {
	backoff retry.Backoff
}

func newPoller() *poller {
	return &poller{backoff: retry.NewConstant(time.Second)} // want `retry backoff made without jitter \(retry.NewConstant without a jitter wrapper\)`
}

func (p *poller) poll(ctx context.Context, op retry.RetryFunc) error {
	return retry.Do(ctx, p.backoff, op)
}

// reassigned: the backoff variable is given two values, which the retry
// call does not follow; the backoff is reported where it is made.
func reassigned(ctx context.Context, retries uint64, op retry.RetryFunc) error {
	b := retry.NewFibonacci(50 * time.Millisecond) // want `retry backoff made without jitter \(retry.NewFibonacci without a jitter wrapper\)`
	if retries > 0 {
		b = retry.WithMaxRetries(retries, b)
	}
	return retry.Do(ctx, b, op)
}

// direct: the retry call reports the backoff it is handed, once.
func direct(ctx context.Context, op retry.RetryFunc) error {
	return retry.Do(ctx, retry.NewFibonacci(time.Second), op) // want `retry call backs off without jitter \(retry.NewFibonacci without a jitter wrapper\)`
}

// --- go-retry: not reported ---

func newJittered() retry.Backoff {
	return retry.WithFullJitter(retry.NewFibonacci(time.Second))
}

// plain returns a backoff that its caller in the package jitters.
func plain() retry.Backoff {
	return retry.NewExponential(time.Second)
}

func jitteredByCaller(ctx context.Context, op retry.RetryFunc) error {
	return retry.Do(ctx, retry.WithJitterPercent(10, plain()), op)
}

// wrappedLater jitters the variable it made the backoff in.
func wrappedLater(ctx context.Context, op retry.RetryFunc) error {
	b := retry.NewConstant(time.Second)
	b = retry.WithJitter(100*time.Millisecond, b)
	return retry.Do(ctx, b, op)
}

// stepped runs its own loop over the backoff, which may add jitter to what
// Next returns.
func stepped(ctx context.Context, op func() error) error {
	b := retry.NewConstant(time.Second)
	for {
		if err := op(); err == nil {
			return nil
		}
		next, stop := b.Next()
		if stop {
			return ctx.Err()
		}
		time.Sleep(next)
	}
}

// outOfSight hands the backoff to another package.
func outOfSight() retry.Backoff {
	return tune.Backoff(retry.NewFibonacci(time.Second))
}
