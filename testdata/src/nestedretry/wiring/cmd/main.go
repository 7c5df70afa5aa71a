// want package:`wiring\(retried .*; 2 met\)`

// Command cmd is the program that links the wrapper and the S3 store, as
// cmd/restic is: the finding is at the first import that brings the store
// in (through app), once.
package main

import (
	"context"

	"nestedretry/wiring/app" // want `retry call of up to 5 attempts in \(\*retrying.Store\).Put \(at nestedretry/wiring/retrying/retrying.go:26\) retries blob.Store.Put, and in this program that can be \(\*s3blob.store\).Put \(at nestedretry/wiring/s3blob/s3blob.go:25, through nestedretry/wiring/s3blob/s3blob.go:29\), which calls blob.Apply -> \(\*s3blob.store\).upload -> minio.Client.PutObject, which makes up to 10 attempts \(the library default\): up to 50 calls in all; let one layer own the retries`
	"nestedretry/wiring/direct"
	"nestedretry/wiring/s3blob"
)

func main() {
	_ = app.Open("s3", nil).Put(context.Background(), "k", nil)
	_ = s3blob.New(nil, "b")
	_ = direct.Total // its retry of Size met the S3 store there: not again here
}
