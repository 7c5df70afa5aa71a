// Package testfiles has its only clients in a _test.go file, or used only
// there.
package testfiles

import "net/http"

// onlyTests is sent through by tests alone: test code.
var onlyTests = &http.Client{}
