// Package memstore implements objstore.ObjectClient in memory: no retries.
package memstore

import "context"

type Store struct{ objects map[string][]byte }

func (s *Store) PutObject(ctx context.Context, key string, data []byte) error {
	s.objects[key] = data
	return nil
}

func (s *Store) Size(ctx context.Context, key string) (int64, error) {
	return int64(len(s.objects[key])), nil
}

func (s *Store) Close() error { return nil }
