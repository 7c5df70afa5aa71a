// Package generics puts HTTP clients, retry loops and waits in generic code
// of every shape: type parameters on functions, types and methods, core
// types and type sets, instantiation (explicit, inferred, partial), generic
// closures, generic type aliases, range-over-func iterators, recursion
// through type parameters.
package generics

import (
	"context"
	"iter"
	"math/rand/v2"
	"net/http"
	"time"
)

// Doer is anything with an http.Client's Do.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// ClientLike is a type set of clients: methods come only through the core type.
type ClientLike interface {
	~*http.Client | *Wrapped
	Do(*http.Request) (*http.Response, error)
}

// Wrapped embeds a client.
type Wrapped struct{ http.Client }

// Duration is any duration-like type.
type Duration interface{ ~int64 }

// Retry runs op up to n times with a wait of type D between attempts.
func Retry[D Duration](ctx context.Context, n int, wait D, op func() error) error {
	var err error
	for i := range n {
		if err = op(); err == nil {
			return nil
		}
		if i < n-1 {
			time.Sleep(time.Duration(wait) << i)
		}
	}
	return err
}

// RetryValue returns the first successful value.
func RetryValue[T any, D Duration](n int, wait D, op func() (T, error)) (T, error) {
	var zero T
	for i := 0; i < n; i++ {
		if v, err := op(); err == nil {
			return v, nil
		}
		time.Sleep(time.Duration(rand.Int64N(int64(wait) + 1)))
	}
	return zero, nil
}

// Post sends a POST through any client of the type set, retrying.
func Post[C ClientLike](c C, url string) error {
	return Retry(context.Background(), 3, time.Second, func() error {
		req, err := http.NewRequest(http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Pool is a generic type holding clients, with methods that retry.
type Pool[K comparable, C Doer] struct {
	clients map[K]C
	def     *http.Client
}

// NewPool uses a client without a timeout.
func NewPool[K comparable, C Doer]() *Pool[K, C] {
	return &Pool[K, C]{clients: map[K]C{}, def: &http.Client{}}
}

// Send retries a request on the client for k.
func (p *Pool[K, C]) Send(k K, req *http.Request) (*http.Response, error) {
	c, ok := p.clients[k]
	for attempt := 0; attempt < 4; attempt++ {
		var resp *http.Response
		var err error
		if ok {
			resp, err = c.Do(req)
		} else {
			resp, err = p.def.Do(req)
		}
		if err == nil {
			return resp, nil
		}
		select {
		case <-time.After(100 * time.Millisecond):
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
	}
	return nil, nil
}

// Attempts yields attempt numbers, waiting between them: a range-over-func retry.
func Attempts(n int, wait time.Duration) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
			time.Sleep(wait)
		}
	}
}

// UseAttempts retries a GET through the iterator.
func UseAttempts(url string) {
	for range Attempts(3, time.Second) {
		if _, err := http.Get(url); err == nil {
			return
		}
	}
}

// Alias is a generic type alias.
type Alias[C Doer] = Pool[string, C]

// Explicit instantiates everything explicitly and partially.
func Explicit() {
	var p *Alias[*http.Client] = NewPool[string, *http.Client]()
	_ = p
	f := RetryValue[string, time.Duration]
	_, _ = f(2, time.Second, func() (string, error) { return "", nil })
	g := Post[*Wrapped]
	_ = g(&Wrapped{}, "http://example.com")
	_ = Post(http.DefaultClient, "http://example.com")
}

// List is a recursive generic type.
type List[T any] struct {
	next *List[T]
	val  T
}

// Walk retries along a list, recursing through the type parameter.
func Walk[T interface{ *http.Client | *Wrapped }](l *List[T]) {
	if l == nil {
		return
	}
	for i := 0; i < 2; i++ {
		time.Sleep(time.Millisecond)
	}
	Walk(l.next)
}

// Generic closures capture type parameters.
func Closures[T any]() func(T) T {
	return func(t T) T {
		retry := func() {
			for i := 0; i < 3; i++ {
				time.Sleep(time.Duration(i) * time.Second)
			}
		}
		retry()
		return t
	}
}

var _ = Closures[int]()
