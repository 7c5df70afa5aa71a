// Package quick is another package of apiclient's module: its calls that
// give no client are covered by the report at the library's fallback.
package quick

import (
	"context"

	"example.com/apiclient"
)

func Fetch(ctx context.Context, u string) error {
	return apiclient.Fetch(ctx, nil, u)
}
