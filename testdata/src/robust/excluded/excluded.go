//go:build ignore

// Package excluded has no file in the build: every file is excluded.
package excluded

import "net/http"

var c = http.DefaultClient
