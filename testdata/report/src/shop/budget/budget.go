// Package budget retries under a retry budget.
package budget

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
	"github.com/retrylint/retrylint/retry"
)

var (
	client = retryablehttp.NewClient()
	spend  = retry.NewBudget(0.1, 10)
)

// Notify makes 4 attempts, capped by a budget shared with other calls, of
// the client's 5: 20 calls at worst, fewer once the budget is spent.
func Notify(ctx context.Context, url string) error {
	p := retry.Policy{MaxAttempts: 4, Budget: spend}
	return retry.Do(ctx, p, func(ctx context.Context) error {
		req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
