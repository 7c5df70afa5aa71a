// want package:`wiring\(retried nestedretry/wiring/blob.Store.Put by \(\*retrying.Store\).Put; 0 met\)`

// Package tool wraps the in-memory store only: its Put does not retry, so
// the wrapper's retries are the only layer.
package tool

import (
	"nestedretry/wiring/blob"
	"nestedretry/wiring/memblob"
	"nestedretry/wiring/retrying"
)

func Open() blob.Store { return &retrying.Store{Store: memblob.New()} }
