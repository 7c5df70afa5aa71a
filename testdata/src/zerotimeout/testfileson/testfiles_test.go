package testfileson

import "net/http"

// Reported with -zerotimeout.tests.
var testClient = &http.Client{} // want `^http.Client has no Timeout`

func head(u string) { testClient.Head(u) }
