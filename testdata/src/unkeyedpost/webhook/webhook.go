// Package webhook implements pipeline.Notifier: pipeline's stage retries
// Notify, so an unkeyed POST in an implementation here is sent again on
// every retry, though no loop here shows it. No fix: the key would have to
// be made in the caller, once per event.
package webhook

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/google/uuid"

	"unkeyedpost/pipeline"
)

// Hook posts each event to a URL.
type Hook struct {
	URL    string
	Client *http.Client
}

func (h *Hook) Notify(ctx context.Context, ev pipeline.Event) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(ev.Payload)) // want `POST is retried by a retry loop in pipeline.\(\*Stage\).deliver \(up to 5 attempts\) through pipeline.Notifier.Notify without an Idempotency-Key: a timed-out attempt may already have been applied, so a retry can apply it twice`
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/octet-stream")
	resp, err := h.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Archive implements pipeline.Archiver, which nothing retries: quiet.
func (h *Hook) Archive(ctx context.Context, ev pipeline.Event) error { // want Archive:`sends\(POST, no key by webhook.\(\*Hook\).Archive\)`
	resp, err := h.Client.Post(h.URL+"/archive", "application/octet-stream", bytes.NewReader(ev.Payload))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Chat posts a message through a helper: reported at the call.
type Chat struct {
	url string
	hc  *http.Client
}

func (c *Chat) Notify(ctx context.Context, ev pipeline.Event) error {
	return c.postJSON(ctx, map[string]string{"text": ev.Kind + " " + ev.ID}) // want `POST sent by \(\*Chat\).postJSON is retried by a retry loop in pipeline.\(\*Stage\).deliver \(up to 5 attempts\) through pipeline.Notifier.Notify`
}

func (c *Chat) postJSON(ctx context.Context, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Keyed sends the event's id as its key, the same on every attempt: quiet.
type Keyed struct {
	URL    string
	Client *http.Client
}

func (k *Keyed) Notify(ctx context.Context, ev pipeline.Event) error { // want Notify:`sends\(POST, key arg 1.ID, retried by .* by webhook.\(\*Keyed\).Notify\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, k.URL, bytes.NewReader(ev.Payload))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", ev.ID)
	resp, err := k.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fresh makes a key on every call, so every retry carries a new one.
type Fresh struct {
	URL    string
	Client *http.Client
}

func (f *Fresh) Notify(ctx context.Context, ev pipeline.Event) error { // want Notify:`sends\(POST, fresh key, retried by a retry loop in pipeline.\(\*Stage\).deliver \(up to 5 attempts\) through pipeline.Notifier.Notify by webhook.\(\*Fresh\).Notify\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.URL, bytes.NewReader(ev.Payload))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString()) // want `idempotency key is made anew on every call of Notify, which is retried by a retry loop in pipeline.\(\*Stage\).deliver \(up to 5 attempts\) through pipeline.Notifier.Notify: the server sees each retry as a new operation; make the key once in the caller and pass it in`
	resp, err := f.Client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Async posts from a goroutine it starts: the attempt is only the start.
type Async struct {
	URL string
}

func (a *Async) Notify(ctx context.Context, ev pipeline.Event) error {
	go func() {
		if resp, err := http.Post(a.URL, "application/octet-stream", bytes.NewReader(ev.Payload)); err == nil {
			resp.Body.Close()
		}
	}()
	return nil
}

// Pager's Notify takes other arguments: it implements nothing retried.
type Pager struct {
	URL string
}

func (p *Pager) Notify(msg string) error { // want Notify:`sends\(POST, no key, body arg 0 by webhook.\(\*Pager\).Notify\)`
	resp, err := http.Post(p.URL, "text/plain", bytes.NewReader([]byte(msg)))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Team posts through a function kept in a field, set to pipeline.PostJSON
// by its constructor (tests may swap it): the POST is pipeline.PostJSON's.
type Team struct {
	client   *http.Client
	url      string
	postJSON func(context.Context, *http.Client, string, io.Reader) (*http.Response, error)
}

func NewTeam(url string) *Team {
	return &Team{client: http.DefaultClient, url: url, postJSON: pipeline.PostJSON}
}

func (t *Team) Notify(ctx context.Context, ev pipeline.Event) error {
	resp, err := t.postJSON(ctx, t.client, t.url, bytes.NewReader(ev.Payload)) // want `POST sent by pipeline.PostJSON \(through pipeline.request\) is retried by a retry loop in pipeline.\(\*Stage\).deliver \(up to 5 attempts\) through pipeline.Notifier.Notify`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Pages posts a page; the escalation retries Page through its wrapper.
type Pages struct {
	URL string
}

func (p *Pages) Page(ctx context.Context, ev pipeline.Event) error {
	resp, err := pipeline.PostJSON(ctx, http.DefaultClient, p.URL, bytes.NewReader(ev.Payload)) // want `POST sent by pipeline.PostJSON \(through pipeline.request\) is retried by a retry loop in pipeline.\(\*Escalation\).run \(up to 3 attempts\) through pipeline.Pager.Page`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Relay's field holds one of two functions: not followed.
type Relay struct {
	url  string
	send func(context.Context, *http.Client, string, io.Reader) (*http.Response, error)
}

func NewRelay(url string, raw bool) *Relay {
	if raw {
		return &Relay{url: url, send: putRaw}
	}
	return &Relay{url: url, send: pipeline.PostJSON}
}

func putRaw(ctx context.Context, c *http.Client, url string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, body)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

func (r *Relay) Notify(ctx context.Context, ev pipeline.Event) error {
	resp, err := r.send(ctx, http.DefaultClient, r.url, bytes.NewReader(ev.Payload))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Incident sends each event as a PagerDuty event whose dedup_key is the
// event's ID, through pipeline.PostJSON: PagerDuty folds a retried event
// into the alert the first attempt opened, so it is quiet.
type Incident struct {
	URL    string
	Client *http.Client
}

type pagerDutyEvent struct {
	Summary  string `json:"summary"`
	DedupKey string `json:"dedup_key"`
}

func (i *Incident) Notify(ctx context.Context, ev pipeline.Event) error {
	b, err := json.Marshal(&pagerDutyEvent{Summary: ev.Kind, DedupKey: ev.ID})
	if err != nil {
		return err
	}
	resp, err := pipeline.PostJSON(ctx, i.Client, i.URL, bytes.NewReader(b))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
