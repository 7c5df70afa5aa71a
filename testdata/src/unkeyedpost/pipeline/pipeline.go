// Package pipeline hands each event to its notifiers and retries every
// delivery: Notifier.Notify is the attempt of its retry loop, wherever it
// is implemented. The RetriedFact on Notify tells the packages that
// implement it; Archiver.Archive, called once, gets none.
package pipeline

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"time"
)

// Event is one thing that happened.
type Event struct {
	ID      string
	Kind    string
	Payload []byte
}

// Notifier is told of each event; the stage retries it.
type Notifier interface {
	Notify(ctx context.Context, ev Event) error // want Notify:`retried by a retry loop in pipeline.\(\*Stage\).deliver \(up to 5 attempts\)`
}

// Pager pages whoever is on call. The escalation stage retries it through
// a wrapper of its own.
type Pager interface {
	Page(ctx context.Context, ev Event) error // want Page:`retried by a retry loop in pipeline.\(\*Escalation\).run \(up to 3 attempts\)`
}

// Archiver keeps each event; it is called once.
type Archiver interface {
	Archive(ctx context.Context, ev Event) error
}

// Stage delivers events.
type Stage struct {
	notifiers []Notifier
	archive   Archiver
}

func (s *Stage) deliver(ctx context.Context, n Notifier, ev Event) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = n.Notify(ctx, ev); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(attempt+1) * time.Second):
		}
	}
	return err
}

// Handle archives the event once, then delivers it to every notifier.
func (s *Stage) Handle(ctx context.Context, ev Event) error {
	if err := s.archive.Archive(ctx, ev); err != nil {
		return err
	}
	for _, n := range s.notifiers {
		if err := s.deliver(ctx, n, ev); err != nil {
			return err
		}
	}
	return nil
}

// audit is this package's own notifier: its POST is retried by deliver too.
type audit struct {
	url string
	hc  *http.Client
}

func (a *audit) Notify(ctx context.Context, ev Event) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.url, bytes.NewReader(ev.Payload)) // want `POST is retried by a retry loop in pipeline.\(\*Stage\).deliver \(up to 5 attempts\) through Notifier.Notify without an Idempotency-Key`
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// integration names a pager; its page is what the escalation retries.
type integration struct {
	name  string
	pager Pager
}

func (i *integration) page(ctx context.Context, ev Event) error {
	return i.pager.Page(ctx, ev)
}

// Escalation pages each integration, retrying each.
type Escalation struct {
	integrations []*integration
}

func (e *Escalation) run(ctx context.Context, ev Event) error {
	for _, in := range e.integrations {
		var err error
		for attempt := 0; attempt < 3; attempt++ {
			if err = in.page(ctx, ev); err == nil {
				break
			}
			time.Sleep(time.Duration(attempt+1) * time.Second)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// PostJSON posts a JSON body; the notifiers of other packages use it.
func PostJSON(ctx context.Context, client *http.Client, url string, body io.Reader) (*http.Response, error) { // want PostJSON:`sends\(POST, no key, body arg 3, decided 1 call down by pipeline.request\)`
	return post(ctx, client, url, "application/json", body)
}

func post(ctx context.Context, client *http.Client, url, contentType string, body io.Reader) (*http.Response, error) {
	return request(ctx, client, http.MethodPost, url, contentType, body)
}

func request(ctx context.Context, client *http.Client, method, url, contentType string, body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", contentType)
	return client.Do(req.WithContext(ctx))
}
