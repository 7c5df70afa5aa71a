// Package memblob implements blob.Store in memory: nothing to retry.
package memblob

import (
	"context"
	"sync"

	"nestedretry/wiring/blob"
)

type store struct {
	mu   sync.Mutex
	data map[string][]byte
}

func New() blob.Store { return &store{data: map[string][]byte{}} }

func (s *store) Put(ctx context.Context, name string, data []byte) error {
	return blob.Apply(ctx, name, data, s.put)
}

func (s *store) put(ctx context.Context, name string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data[name] = data
	return nil
}

func (s *store) Size(ctx context.Context, name string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return int64(len(s.data[name])), nil
}
