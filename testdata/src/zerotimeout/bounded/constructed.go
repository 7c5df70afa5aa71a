package bounded

import (
	"net/http"
	"time"
)

// Store is made by NewStore, which always gives it a client with a
// Timeout.
type Store struct {
	hc       *http.Client
	endpoint string
}

// NewStore makes a Store.
func NewStore(endpoint string) *Store {
	s := new(Store)
	s.endpoint = endpoint
	s.hc = &http.Client{Timeout: 10 * time.Second}
	return s
}

// client falls back to http.DefaultClient only for a Store that NewStore
// did not make: quiet.
func (s *Store) client() *http.Client {
	hc := s.hc
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc
}

// Stat sends through the client.
func (s *Store) Stat() error {
	resp, err := s.client().Head(s.endpoint)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Queue is also made by a literal that leaves its client out: the fallback
// is reached.
type Queue struct {
	hc  *http.Client
	url string
}

// NewQueue gives the Queue a client.
func NewQueue(url string) *Queue {
	return &Queue{hc: &http.Client{Timeout: time.Second}, url: url}
}

// LocalQueue leaves it out.
func LocalQueue(url string) *Queue { return &Queue{url: url} }

// Push sends through the client, or http.DefaultClient.
func (q *Queue) Push() error { // want Push:"falls back to http.DefaultClient when the receiver's hc is nil"
	if q.hc == nil {
		q.hc = http.DefaultClient // want `^http.DefaultClient has no Timeout`
	}
	resp, err := q.hc.Post(q.url, "text/plain", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
