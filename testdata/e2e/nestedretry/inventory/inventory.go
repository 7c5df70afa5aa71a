// Package inventory is the bottom layer of the nestedretry sample: a client
// that retries every request up to four times.
package inventory

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// ErrUnavailable says the inventory service did not answer.
var ErrUnavailable = errors.New("inventory unavailable")

// Client calls the inventory service.
type Client struct {
	HTTP *http.Client
	Base string
}

// Reserve reserves one item, retrying up to four attempts.
func (c *Client) Reserve(ctx context.Context, sku string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = c.reserveOnce(ctx, sku); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(retry.FullJitter(100 * time.Millisecond)):
		}
	}
	return err
}

func (c *Client) reserveOnce(ctx context.Context, sku string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, c.Base+"/reservations/"+sku, nil)
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return ErrUnavailable
	}
	return nil
}
