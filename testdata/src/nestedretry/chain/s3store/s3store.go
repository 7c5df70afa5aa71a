// want package:`wiring\(implemented nestedretry/chain/objstore.ObjectClient.PutObject by \(\*s3store.Store\).PutObject, implemented nestedretry/chain/objstore.ObjectClient.Size by \(\*s3store.Store\).Size; 0 met\)`

// Package s3store implements objstore.ObjectClient on minio-go, which
// retries each call itself (10 attempts by default).
package s3store

import (
	"bytes"
	"context"

	"github.com/minio/minio-go/v7"

	"nestedretry/chain/objstore"
)

type Store struct {
	client *minio.Client
	bucket string
}

func New(client *minio.Client, bucket string) objstore.ObjectClient {
	return &Store{client: client, bucket: bucket}
}

func (s *Store) PutObject(ctx context.Context, key string, data []byte) error { // want PutObject:`reaches\(minio.Client.PutObject, the library default of 10 attempts\)`
	_, err := s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}

func (s *Store) Size(ctx context.Context, key string) (int64, error) { // want Size:`reaches\(minio.Client.StatObject, the library default of 10 attempts\)`
	info, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	return info.Size, err
}

func (s *Store) Close() error { return nil }
