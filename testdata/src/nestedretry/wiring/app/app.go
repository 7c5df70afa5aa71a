// want package:`wiring\(retried nestedretry/wiring/blob.Store.Put by \(\*retrying.Store\).Put, implemented .*; 0 met\)`

// Package app links the wrapper around the stores of the registry, as
// restic's internal/global does, but it is a library: the program that
// imports it reports.
package app

import (
	"github.com/minio/minio-go/v7"

	"nestedretry/wiring/blob"
	"nestedretry/wiring/registry"
	"nestedretry/wiring/retrying"
)

func Open(kind string, client *minio.Client) blob.Store {
	return &retrying.Store{Store: registry.Open(kind, client)}
}
