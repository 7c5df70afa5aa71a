// Package announce reduces goreleaser's announce pipes: exported functions
// of an internal package send through clients with no Timeout under the
// context their callers give. Only the module can call them, so the
// clients are not reported here: each call of the functions is checked
// instead (DeadlineParamFact), in this package and in the others.
package announce

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// Post sends the message through http.DefaultClient under its caller's
// context.
func Post(ctx context.Context, url, msg string) error { // want Post:`deadline from parameter 0, client at zerotimeout/internal/announce/announce.go:\d+`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(msg))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Webhook sends through a client of its own.
type Webhook struct{ URL string }

// Announce's context is its second parameter.
func (w Webhook) Announce(msg string, ctx context.Context) error { // want Announce:`deadline from parameter 1, client at zerotimeout/internal/announce/announce.go:\d+`
	client := &http.Client{}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, strings.NewReader(msg))
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Endpoint says where the webhook sends.
func (w Webhook) Endpoint() string { return w.URL }

// Endpointer is how other packages hold a Webhook: Webhook is its only
// implementation, so a call through it reaches Webhook.Announce.
type Endpointer interface {
	Announce(msg string, ctx context.Context) error // want Announce:`deadline from parameter 1, client at zerotimeout/internal/announce/announce.go:\d+`
	Endpoint() string
}

// Announcer has two implementations, Webhook and Log: a call through it
// may reach either, and is not followed.
type Announcer interface {
	Announce(msg string, ctx context.Context) error
}

// Log announces nothing.
type Log struct{}

func (Log) Announce(msg string, ctx context.Context) error { return nil }

// send is unexported, and every call gives it Forward's context.
func send(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Forward hands its context to send.
func Forward(ctx context.Context, url string) error { // want Forward:`deadline from parameter 0, client at zerotimeout/internal/announce/announce.go:\d+`
	return send(ctx, url)
}

// Ping gives Post a context with no deadline, in Post's own package.
func Ping(url string) error {
	return Post(context.Background(), url, "ping") // want `announce.Post sends through a client with no Timeout \(at zerotimeout/internal/announce/announce.go:\d+\) under this context, which has no deadline: a server that stops answering blocks this call forever`
}

// Timed gives it one with a deadline.
func Timed(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return Post(ctx, url, "timed")
}

// Stream sends through one client under two contexts, the caller's and
// one with no deadline: the client is reported where it is made, as
// before.
func Stream(ctx context.Context, url string) error {
	client := &http.Client{} // want `http.Client has no Timeout`
	for _, c := range []context.Context{ctx, context.Background()} {
		req, err := http.NewRequestWithContext(c, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Deep gives a deadline that reaches the send through four helpers, each
// followed once, however long the chain.
func Deep(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return hop1(ctx, url)
}

func hop1(ctx context.Context, url string) error { return hop2(ctx, url) }

func hop2(ctx context.Context, url string) error { return hop3(ctx, url) }

func hop3(ctx context.Context, url string) error { return hop4(ctx, url) }

func hop4(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// loop calls itself with its context: a call of its own counts as
// unbounded, so its client is reported.
func loop(ctx context.Context, url string, n int) error {
	if n > 0 {
		return loop(ctx, url, n-1)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req) // want `http.DefaultClient has no Timeout`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Loop gives loop a deadline.
func Loop(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return loop(ctx, url, 3)
}

// Both sends through two clients under its caller's context: its fact names
// both.
func Both(ctx context.Context, url string) error { // want Both:`deadline from parameter 0, client at zerotimeout/internal/announce/announce.go:\d+, zerotimeout/internal/announce/announce.go:\d+$`
	if err := Post(ctx, url, "both"); err != nil {
		return err
	}
	return Forward(ctx, url)
}
