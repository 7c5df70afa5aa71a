// want package:`wiring\(retried .*; 1 met\)`

// Command cmd imports app, where the layers already met, and the S3 store
// again: the pair is not reported twice.
package main

import (
	"context"

	"nestedretry/wiring/app"
	"nestedretry/wiring/s3blob"
)

func main() {
	_ = app.Open("s3", nil).Put(context.Background(), "k", nil)
	_ = s3blob.New(nil, "b")
}
