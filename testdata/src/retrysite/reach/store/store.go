// Package store is a small data-access layer: what it exports reaches a
// database, a peer over TCP, or nothing but memory, and its facts say which.
package store

import (
	"context"
	"database/sql"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
)

// Store reads settings from a SQL database.
type Store struct {
	db *sql.DB
}

// Setting reads one setting.
func (s *Store) Setting(ctx context.Context, key string) (string, error) { // want Setting:`reach\(reaches\)`
	var v string
	err := s.db.QueryRowContext(ctx, "SELECT value FROM settings WHERE key = ?", key).Scan(&v)
	return v, err
}

// Ping asks a peer whether it is up.
func Ping(ctx context.Context, addr string) error { // want Ping:`reach\(reaches\)`
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// Answer is a peer's reply to a query, with the peer's status code.
type Answer struct {
	StatusCode int
	Body       string
}

// Query asks a peer over TCP; the peer may answer 503 when overloaded.
func Query(ctx context.Context, addr string) (*Answer, error) { // want Query:`reach\(reaches\)`
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	return &Answer{StatusCode: 200}, c.Close()
}

// Normalise only rewrites a key: no fact.
func Normalise(key string) string {
	return strings.ToLower(strings.TrimSpace(key))
}

// Cache is an in-memory cache.
type Cache struct {
	mu sync.Mutex
	m  map[string]string
}

// Lookup reads the cache: no fact.
func (c *Cache) Lookup(key string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[Normalise(key)]
	return v, ok
}

// ErrMiss says a key is not cached.
var ErrMiss = errors.New("not cached")

// Get reads the cache: no fact.
func (c *Cache) Get(key string) (string, error) {
	if v, ok := c.Lookup(key); ok {
		return v, nil
	}
	return "", ErrMiss
}

// With runs fn with the cache locked: it reaches what fn reaches.
func (c *Cache) With(fn func(map[string]string) error) error { // want With:`reach\(local, calls param 0\)`
	c.mu.Lock()
	defer c.mu.Unlock()
	return fn(c.m)
}

// Send hands req to send, which has the shape of (*http.Client).Do: its
// callers decide what it reaches (a fake of theirs is local).
func Send(send func(*http.Request) (*http.Response, error), req *http.Request) error { // want Send:`reach\(local, calls param 0\)`
	resp, err := send(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Doer is what sends a request: an *http.Client, or a wrapper of one.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// SendVia sends req through d.
func SendVia(d Doer, req *http.Request) error { // want SendVia:`reach\(reaches\)`
	resp, err := d.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Replay runs a function that gives a response but is handed no request:
// it may make one up (a recorded answer), so it reaches what it reaches.
func Replay(answer func() (*http.Response, error)) error { // want Replay:`reach\(local, calls param 0\)`
	resp, err := answer()
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A function field shaped like (*http.Client).Do, set outside the
// package, sends.
type Sender struct {
	Do func(*http.Request) (*http.Response, error)
}

// Forward sends req through s.Do.
func (s *Sender) Forward(req *http.Request) error { // want Forward:`reach\(reaches\)`
	resp, err := s.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A field of the same shape whose only value the package shows, a fake
// that answers from memory, is local.
type replayer struct {
	do func(*http.Request) (*http.Response, error)
}

func newReplayer(answers map[string]*http.Response) *replayer {
	return &replayer{do: func(req *http.Request) (*http.Response, error) {
		if resp, ok := answers[req.URL.Path]; ok {
			return resp, nil
		}
		return nil, ErrMiss
	}}
}

// Replayed answers req from the replayer's memory: local, so it has no
// fact.
func Replayed(answers map[string]*http.Response, req *http.Request) error {
	resp, err := newReplayer(answers).do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
