// Package retrydeadline is a realistic sample for retrylint's retrydeadline
// analyzer: a checkout service asks a pricing service for a quote within the
// 800 ms its own caller gives it.
package retrydeadline

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// Quote is a price for a basket.
type Quote struct {
	Cents int64 `json:"cents"`
}

// Pricing calls the pricing service.
type Pricing struct {
	HTTP    *http.Client
	BaseURL string
}

// Quote allows three attempts of 300 ms inside an 800 ms deadline: the third
// can never finish, and spends the pricing service's capacity for nothing.
func (p *Pricing) Quote(ctx context.Context, basket string) (*Quote, error) {
	ctx, cancel := context.WithTimeout(ctx, 800*time.Millisecond)
	defer cancel()
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want `3 attempts x 300ms \+ waits up to 100ms and 200ms = 1\.2s, over the 800ms deadline: the third attempt cannot finish; 2 attempts fit`
		q, err := p.once(ctx, basket)
		if err == nil {
			return q, nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(retry.FullJitter(100 * time.Millisecond << attempt)):
		}
	}
	return nil, lastErr
}

func (p *Pricing) once(ctx context.Context, basket string) (*Quote, error) {
	actx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, p.BaseURL+"/quote?basket="+basket, nil)
	if err != nil {
		return nil, err
	}
	resp, err := p.HTTP.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("pricing: %s", resp.Status)
	}
	var q Quote
	return &q, json.NewDecoder(resp.Body).Decode(&q)
}

// Prices waits for the server's Retry-After with time.Sleep: when the caller
// gives up, the loop sleeps on, then asks again for nobody.
func (p *Pricing) Prices(ctx context.Context) ([]byte, error) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.BaseURL+"/prices", nil)
		if err != nil {
			return nil, err
		}
		resp, err := p.HTTP.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			defer resp.Body.Close()
			return io.ReadAll(resp.Body)
		}
		wait := retry.FullJitter(time.Second)
		if err == nil {
			resp.Body.Close()
			if secs, perr := strconv.Atoi(resp.Header.Get("Retry-After")); perr == nil {
				wait = time.Duration(secs) * time.Second
			}
		}
		time.Sleep(wait) // want `retry loop waits with time\.Sleep while ctx is in scope: the wait goes on after ctx is cancelled or its deadline passes, for a caller that has given up; end the wait with the context`
	}
}
