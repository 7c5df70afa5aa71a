package testfiles

import "net/http"

// Not reported by default: go test -timeout ends a hung test.
var testClient = &http.Client{}

func head(u string) { testClient.Head(u) }

func headOnly(u string) { onlyTests.Head(u) }
