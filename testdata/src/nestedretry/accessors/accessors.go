// Package accessors holds retrying clients that arrive through constructors,
// accessors, parameters and fields: they retry by default unless the code
// visibly turns that off.
package accessors

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/redis/go-redis/v9"
)

var errGiveUp = errors.New("give up")

// --- go-redis: NewUniversalClient, UniversalClient, parameters, fields ---

// A UniversalClient of unknown origin retries: every client it can be does.
func universalParam(ctx context.Context, u redis.UniversalClient) error {
	for i := 0; i < 3; i++ {
		if err := u.Incr(ctx, "n").Err(); err == nil { // want `retry loop of up to 3 attempts calls redis.UniversalClient.Incr, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all; let one layer own the retries`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGiveUp
}

// NewUniversalClient always makes a retrying client.
func universal(ctx context.Context) error {
	u := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{"a:6379"}})
	for i := 0; i < 3; i++ {
		if err := u.Incr(ctx, "n").Err(); err == nil { // want `calls redis.UniversalClient.Incr, which makes up to 4 attempts \(the library default\) itself: up to 12 calls in all`
			return nil
		}
	}
	return errGiveUp
}

// Several addresses make a cluster client, which retries through
// MaxRedirects: MaxRetries alone does not turn that off.
func universalCluster(ctx context.Context) error {
	u := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{"a:6379", "b:6379"}, MaxRetries: -1})
	for i := 0; i < 3; i++ {
		if err := u.Incr(ctx, "n").Err(); err == nil { // want `calls redis.UniversalClient.Incr, which makes up to 4 attempts \(the library default\) itself`
			return nil
		}
	}
	return errGiveUp
}

// A *redis.Client parameter has the default MaxRetries.
func clientParam(ctx context.Context, rdb *redis.Client) error {
	for i := 0; i < 2; i++ {
		if err := rdb.Del(ctx, "k").Err(); err == nil { // want `calls redis.Client.Del, which makes up to 4 attempts \(the library default\) itself: up to 8 calls in all`
			return nil
		}
	}
	return errGiveUp
}

// A field set from a constructor's parameter: the default too.
type cache struct{ rdb redis.UniversalClient }

func newCache(rdb redis.UniversalClient) *cache { return &cache{rdb: rdb} }

func (c *cache) get(ctx context.Context) (string, error) {
	var v string
	var err error
	for i := 0; i < 2; i++ {
		if v, err = c.rdb.Get(ctx, "k").Result(); err == nil { // want `calls redis.UniversalClient.Get, which makes up to 4 attempts \(the library default\) itself: up to 8 calls in all`
			return v, nil
		}
	}
	return "", err
}

// Quiet: a universal client with its retries visibly off.
func universalOff(ctx context.Context) error {
	u := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: []string{"a:6379"}, MaxRetries: -1})
	for i := 0; i < 3; i++ {
		if err := u.Incr(ctx, "n").Err(); err == nil {
			return nil
		}
	}
	return errGiveUp
}

func universalClusterOff(ctx context.Context, addrs []string) error {
	u := redis.NewUniversalClient(&redis.UniversalOptions{Addrs: addrs, MaxRetries: -1, MaxRedirects: -1})
	for i := 0; i < 3; i++ {
		if err := u.Incr(ctx, "n").Err(); err == nil {
			return nil
		}
	}
	return errGiveUp
}

// Quiet: a field the package only ever sets to a client without retries.
type quiet struct{ rdb redis.UniversalClient }

func newQuiet() *quiet {
	return &quiet{rdb: redis.NewClient(&redis.Options{MaxRetries: -1})}
}

func (q *quiet) get(ctx context.Context) error {
	for i := 0; i < 2; i++ {
		if err := q.rdb.Get(ctx, "k").Err(); err == nil {
			return nil
		}
	}
	return errGiveUp
}

// --- go-retryablehttp: StandardClient, an http.Client that retries ---

func standard(url string) (*http.Response, error) {
	rc := retryablehttp.NewClient()
	hc := rc.StandardClient()
	for i := 0; i < 3; i++ {
		resp, err := hc.Get(url) // want `retry loop of up to 3 attempts calls http.Client.Get, which makes up to 5 attempts \(the library default\) itself: up to 15 calls in all`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}

// The retryablehttp client given as a parameter, its settings unknown.
func standardOf(rc *retryablehttp.Client, req *http.Request) (*http.Response, error) {
	hc := rc.StandardClient()
	for i := 0; i < 2; i++ {
		resp, err := hc.Do(req) // want `calls http.Client.Do, which makes up to 5 attempts \(the library default\) itself: up to 10 calls in all`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGiveUp
}

// A RoundTripper of retryablehttp as the transport, and a field that holds
// the client.
type api struct{ hc *http.Client }

func newAPI() *api {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 2
	return &api{hc: &http.Client{Transport: &retryablehttp.RoundTripper{Client: rc}}}
}

func (a *api) fetch(req *http.Request) (*http.Response, error) {
	for i := 0; i < 2; i++ {
		resp, err := a.hc.Do(req) // want `calls http.Client.Do, which makes up to 3 attempts itself: up to 6 calls in all`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGiveUp
}

// A constructor that returns a StandardClient, called in the package.
func newHTTP() *http.Client { return retryablehttp.NewClient().StandardClient() }

func viaConstructor(url string) (*http.Response, error) {
	hc := newHTTP()
	for i := 0; i < 2; i++ {
		resp, err := hc.Get(url) // want `calls http.Client.Get, which makes up to 5 attempts \(the library default\) itself`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGiveUp
}

// Quiet: a StandardClient of a client whose retries are off.
func standardOff(url string) (*http.Response, error) {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	hc := rc.StandardClient()
	for i := 0; i < 3; i++ {
		resp, err := hc.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}

// Quiet: an http.Client that retryablehttp did not make does not retry.
func plain(hc *http.Client, url string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := hc.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}

func literal(url string) (*http.Response, error) {
	hc := &http.Client{Timeout: 10 * time.Second}
	for i := 0; i < 3; i++ {
		resp, err := hc.Get(url)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errGiveUp
}
