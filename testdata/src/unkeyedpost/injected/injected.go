// Package injected sends through clients that its functions did not build:
// parameters and fields. go-retryablehttp retries by default (NewClient sets
// RetryMax 4, and POST is retried), so a client of it made out of sight
// needs a key on its POSTs; resty v2 retries only when told to (RetryCount
// 0 by default) and net/http's client never does, so clients of theirs from
// out of sight stay quiet. A client kept in a field is judged by every value
// the package stores there.
package injected

import (
	"context"
	"net/http"
	"time"

	"github.com/go-resty/resty/v2"
	retryablehttp "github.com/hashicorp/go-retryablehttp"
)

// --- go-retryablehttp ---

// Billing keeps the client its constructor made: RetryMax 4.
type Billing struct {
	rc   *retryablehttp.Client
	base string
}

func NewBilling(base string) *Billing {
	rc := retryablehttp.NewClient()
	rc.RetryWaitMax = 5 * time.Second
	return &Billing{rc: rc, base: base}
}

func (b *Billing) Charge(ctx context.Context, amount []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, b.base+"/charges", amount) // want `POST is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\) without an Idempotency-Key`
	if err != nil {
		return err
	}
	resp, err := b.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A client from a parameter.
func refund(ctx context.Context, rc *retryablehttp.Client, u string) error {
	resp, err := rc.Post(u, "application/json", []byte("{}")) // want `POST by \(\*retryablehttp.Client\).Post is retried by go-retryablehttp \(a client from a parameter, RetryMax 4 by default: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Remote's client is set by other packages.
type Remote struct {
	Client *retryablehttp.Client
}

func (r *Remote) push(u string) error {
	resp, err := r.Client.PostForm(u, nil) // want `POST by \(\*retryablehttp.Client\).PostForm is retried by go-retryablehttp \(a client from a field, RetryMax 4 by default: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Eager sets RetryMax 2 through the field.
type Eager struct {
	rc *retryablehttp.Client
}

func newEager() *Eager {
	e := &Eager{rc: retryablehttp.NewClient()}
	e.rc.RetryMax = 2
	return e
}

func (e *Eager) ping(u string) error {
	resp, err := e.rc.Post(u, "text/plain", nil) // want `POST by \(\*retryablehttp.Client\).Post is retried by go-retryablehttp \(RetryMax 2: up to 3 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Quiet's constructor turned the retries off.
type Quiet struct {
	rc *retryablehttp.Client
}

func NewQuiet() *Quiet {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return &Quiet{rc: rc}
}

func (q *Quiet) send(u string) error {
	resp, err := q.rc.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A parameter whose retries the function turns off itself.
func refundOnce(rc *retryablehttp.Client, u string) error {
	rc.RetryMax = 0
	resp, err := rc.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A field whose address is taken may be set anywhere: not judged.
type Loose struct {
	rc *retryablehttp.Client
}

func configure(rc **retryablehttp.Client) {}

func (l *Loose) send(u string) error {
	configure(&l.rc)
	resp, err := l.rc.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- net/http clients over a retrying transport ---

// Mirror's client retries through go-retryablehttp's RoundTripper.
type Mirror struct {
	hc *http.Client
}

func NewMirror() *Mirror {
	return &Mirror{hc: &http.Client{Timeout: 10 * time.Second, Transport: &retryablehttp.RoundTripper{}}}
}

func (m *Mirror) push(u string) error {
	resp, err := m.hc.Post(u, "text/plain", nil) // want `POST by \(\*http.Client\).Post is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Standard keeps a retrying client's StandardClient.
type Standard struct {
	hc *http.Client
}

func newStandard() *Standard {
	rc := retryablehttp.NewClient()
	return &Standard{hc: rc.StandardClient()}
}

func (s *Standard) push(u string) error {
	resp, err := s.hc.Post(u, "text/plain", nil) // want `POST by \(\*http.Client\).Post is retried by go-retryablehttp \(RetryMax 4: up to 5 attempts\)`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Plain keeps a plain client; a client from a parameter does not retry by
// default either.
type Plain struct {
	hc *http.Client
}

func newPlain() *Plain { return &Plain{hc: &http.Client{Timeout: 10 * time.Second}} }

func (p *Plain) push(u string) error {
	resp, err := p.hc.Post(u, "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func pushWith(hc *http.Client, u string) error {
	resp, err := hc.Post(u, "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- resty v2 ---

// Payments' client was given three retries where it was made.
type Payments struct {
	rc *resty.Client
}

func NewPayments() *Payments {
	return &Payments{rc: resty.New().SetRetryCount(2).SetTimeout(5 * time.Second)}
}

func (p *Payments) capture(id string) error {
	_, err := p.rc.R().SetBody(map[string]string{"id": id}).Post("/captures") // want `POST is retried by resty \(SetRetryCount\(2\): up to 3 attempts\) without an Idempotency-Key`
	return err
}

// Ledger sets the retries through the field.
type Ledger struct {
	rc *resty.Client
}

func newLedger() *Ledger {
	l := &Ledger{rc: resty.New()}
	l.rc.SetRetryCount(3)
	return l
}

func (l *Ledger) post(entry string) error {
	_, err := l.rc.R().SetBody(entry).Post("/entries") // want `POST is retried by resty \(SetRetryCount\(3\): up to 4 attempts\)`
	return err
}

// resty v2 makes clients with RetryCount 0: a client from a parameter, or
// one made without retries, sends once.
func restyParam(rc *resty.Client, u string) error {
	_, err := rc.R().Post(u)
	return err
}

type Once struct {
	rc *resty.Client
}

func newOnce() *Once { return &Once{rc: resty.New()} }

func (o *Once) post(u string) error {
	_, err := o.rc.R().Post(u)
	return err
}

// A hook may set the key: not judged.
type Hooked struct {
	rc *resty.Client
}

func newHooked() *Hooked {
	rc := resty.New().SetRetryCount(3)
	rc.OnBeforeRequest(func(c *resty.Client, r *resty.Request) error { return nil })
	return &Hooked{rc: rc}
}

func (h *Hooked) post(u string) error {
	_, err := h.rc.R().Post(u)
	return err
}
