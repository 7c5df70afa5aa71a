// want package:`wiring\(implemented nestedretry/wiring/blob.Store.Put by \(\*s3blob.store\).Put, implemented nestedretry/wiring/blob.Store.Size by \(\*s3blob.store\).Size; 0 met\)`

// Package s3blob implements blob.Store on minio-go, which retries each call
// itself (10 attempts by default).
package s3blob

import (
	"bytes"
	"context"

	"github.com/minio/minio-go/v7"

	"nestedretry/wiring/blob"
)

type store struct {
	client *minio.Client
	bucket string
}

func New(client *minio.Client, bucket string) blob.Store {
	return &store{client: client, bucket: bucket}
}

func (s *store) Put(ctx context.Context, name string, data []byte) error { // want Put:`reaches\(blob.Apply -> \(\*s3blob.store\).upload -> minio.Client.PutObject, the library default of 10 attempts\)`
	return blob.Apply(ctx, name, data, s.upload)
}

func (s *store) upload(ctx context.Context, name string, data []byte) error {
	_, err := s.client.PutObject(ctx, s.bucket, name, bytes.NewReader(data), int64(len(data)), minio.PutObjectOptions{})
	return err
}

func (s *store) Size(ctx context.Context, name string) (int64, error) { // want Size:`reaches\(minio.Client.StatObject, the library default of 10 attempts\)`
	info, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{})
	return info.Size, err
}
