// Package wrap forwards to kit's runner: its Retry is a runner too.
package wrap

import (
	"context"

	"nestedretry/userrunner/kit"
)

// Retry names the operation, then hands it to kit.Retry.
func Retry(ctx context.Context, name string, op func(context.Context) error) error { // want Retry:`reaches\(kit.Retry, up to 5 attempts\)`
	return kit.Retry(ctx, func(ctx context.Context) error { return op(ctx) })
}
