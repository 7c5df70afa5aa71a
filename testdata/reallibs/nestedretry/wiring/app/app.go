// want package:`wiring\(retried example.com/reallibs/nestedretry/wiring/blob.Store.Put by \(\*retrying.Store\).Put, implemented .*; 1 met\)`

// Package app is where the wrapper and the S3 store meet, as in restic's
// cmd/restic: the finding is at the import that brings the store in.
package app

import (
	"github.com/minio/minio-go/v7"

	"example.com/reallibs/nestedretry/wiring/blob"
	"example.com/reallibs/nestedretry/wiring/registry" // want `retry call of up to 5 attempts in \(\*retrying.Store\).Put \(at example.com/reallibs/nestedretry/wiring/retrying/retrying.go:26\) retries blob.Store.Put, and in this program that can be \(\*s3blob.store\).Put \(at example.com/reallibs/nestedretry/wiring/s3blob/s3blob.go:23, through example.com/reallibs/nestedretry/wiring/s3blob/s3blob.go:27\), which calls blob.Apply -> \(\*s3blob.store\).upload -> minio.Client.PutObject, which makes up to 10 attempts \(the library default\): up to 50 calls in all; let one layer own the retries`
	"example.com/reallibs/nestedretry/wiring/retrying"
)

func Open(kind string, client *minio.Client) blob.Store {
	return &retrying.Store{Store: registry.Open(kind, client)}
}
