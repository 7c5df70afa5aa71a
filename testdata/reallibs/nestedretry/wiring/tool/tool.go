// want package:`wiring\(retried example.com/reallibs/nestedretry/wiring/blob.Store.Put by \(\*retrying.Store\).Put; 0 met\)`

// Package tool wraps the in-memory store only: its Put does not retry, so
// the wrapper's retries are the only layer.
package tool

import (
	"example.com/reallibs/nestedretry/wiring/blob"
	"example.com/reallibs/nestedretry/wiring/memblob"
	"example.com/reallibs/nestedretry/wiring/retrying"
)

func Open() blob.Store { return &retrying.Store{Store: memblob.New()} }
