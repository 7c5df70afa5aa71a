package cgo

import "net/http"

// Client is a client beside the cgo file.
var Client = &http.Client{}
