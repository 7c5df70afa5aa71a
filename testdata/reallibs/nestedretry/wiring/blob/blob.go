// Package blob declares the interface the wiring case plugs stores into,
// as restic's internal/backend declares Backend: the retrying wrapper and
// the implementations import it, and never each other.
package blob

import "context"

type Store interface {
	Put(ctx context.Context, name string, data []byte) error
	Size(ctx context.Context, name string) (int64, error)
}

// Apply hands a store's put function the object, as restic's
// backend.DefaultLoad hands a backend's openReader the handle: the call
// runs whatever the function passed does.
func Apply(ctx context.Context, name string, data []byte, put func(context.Context, string, []byte) error) error {
	if name == "" {
		return nil
	}
	return put(ctx, name, data)
}
