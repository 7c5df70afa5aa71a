// want package:`wiring\(retried nestedretry/wiring/blob.Store.Size by direct.Total, retried nestedretry/wiring/blob.Store.Size by direct.SizeOf, .*; 2 met\)`

// Package direct retries blob.Store.Size itself and imports the S3 store:
// the finding is at its retried call.
package direct

import (
	"context"

	"nestedretry/wiring/blob"
	"nestedretry/wiring/s3blob"
)

var _ = s3blob.New

func Total(ctx context.Context, s blob.Store, names []string) (int64, error) { // want Total:`reaches\(retries, up to 3 attempts\)`
	var total int64
	for _, name := range names {
		var err error
		var n int64
		for try := 0; try < 3; try++ {
			if n, err = s.Size(ctx, name); err == nil { // want `retry loop of up to 3 attempts in Total retries blob.Store.Size, and that can be \(\*s3blob.store\).Size \(at nestedretry/wiring/s3blob/s3blob.go:34\), which calls minio.Client.StatObject, which makes up to 10 attempts \(the library default\): up to 30 calls in all`
				break
			}
		}
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

// SizeOf retries a helper that calls blob.Store.Size and hands its failure
// back: the retried call named is the helper's, in the attempt.
func SizeOf(ctx context.Context, s blob.Store, name string) (int64, error) { // want SizeOf:`reaches\(retries, up to 4 attempts\)`
	var n int64
	var err error
	for try := 0; try < 4; try++ {
		if n, err = size(ctx, s, name); err == nil { // want `retry loop of up to 4 attempts in SizeOf retries blob.Store.Size, and that can be \(\*s3blob.store\).Size \(at nestedretry/wiring/s3blob/s3blob.go:34\), which calls minio.Client.StatObject, which makes up to 10 attempts \(the library default\): up to 40 calls in all`
			return n, nil
		}
	}
	return 0, err
}

func size(ctx context.Context, s blob.Store, name string) (int64, error) {
	return s.Size(ctx, name)
}
