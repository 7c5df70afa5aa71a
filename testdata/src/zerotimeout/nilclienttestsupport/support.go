// Package nilclienttestsupport is test support (it imports "testing") that
// imports neither net/http nor context: its call that leaves a library's
// client out is test code, skipped by default.
package nilclienttestsupport

import (
	"testing"

	"example.com/apiclient"
)

// TB is what the helpers of this package report to.
type TB = testing.TB

func NewClient() *apiclient.Client {
	return apiclient.New(nil)
}
