// Package eventstream asks servers for streams of server-sent events, which
// stay open as long as events come: no client Timeout fits them.
package eventstream

import (
	"context"
	"net/http"
)

// tokens streams a model's answer: the request asks for text/event-stream
// only, and the caller's context ends it.
func tokens(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	return http.DefaultClient.Do(req)
}

// feed adds the header, in another case and with a parameter.
func feed(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Add("accept", "text/event-stream; charset=utf-8")
	return http.DefaultClient.Do(req)
}

// answer asks for one JSON document: a server that stops answering
// blocks it.
func answer(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// either accepts a stream or a document: the server may answer with the
// document, which nothing bounds.
func either(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream, application/json")
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// late sets the header on another request than the one it sends.
func late(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	other := req.Clone(ctx)
	other.Header.Set("Accept", "text/event-stream")
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// streamer's client sends only event-stream requests.
type streamer struct{ hc *http.Client }

func newStreamer() *streamer { return &streamer{hc: &http.Client{}} }

func (s *streamer) subscribe(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	return s.hc.Do(req)
}

// mixed's client sends a stream and a document.
type mixed struct{ hc *http.Client }

func newMixed() *mixed { return &mixed{hc: &http.Client{}} } // want `^http.Client has no Timeout`

func (m *mixed) subscribe(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	return m.hc.Do(req)
}

func (m *mixed) status(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return m.hc.Do(req)
}

// maybeStream asks for a stream on one path only: the other asks for a
// document that nothing bounds.
func maybeStream(ctx context.Context, url string, stream bool) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if stream {
		req.Header.Set("Accept", "text/event-stream")
	}
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// streamOrStatus adds a second media type after the stream's.
func streamOrStatus(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Add("Accept", "text/event-stream")
	req.Header.Add("Accept", "application/json")
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// endless asks for a stream with no context: nothing can end it.
func endless(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// typedStream names the stream in another header: Content-Type says what
// the request carries, not what it asks for.
func typedStream(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "text/event-stream")
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// onlyIfStream sets the header on one path only: the other sends a plain
// request that nothing bounds.
func onlyIfStream(ctx context.Context, url string, stream bool) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if stream {
		req.Header.Set("Accept", "text/event-stream")
	}
	return http.DefaultClient.Do(req) // want `^http.DefaultClient has no Timeout`
}

// again sets the header after the first send: that send asked for nothing.
func again(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if resp, err := http.DefaultClient.Do(req); err == nil { // want `^http.DefaultClient has no Timeout`
		return resp, nil
	}
	req.Header.Set("Accept", "text/event-stream")
	return http.DefaultClient.Do(req)
}
