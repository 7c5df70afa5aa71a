// Package nilclientbare imports neither net/http nor context, and still
// leaves a library's client out.
package nilclientbare

import "example.com/apiclient"

var Default = apiclient.New(nil) // want `^apiclient.New falls back to a new http.Client given a nil client`

var Bounded = apiclient.NewBounded(nil)
