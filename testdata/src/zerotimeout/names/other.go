package names

import http "zerotimeout/fake"

// A type named Client from another package, imported as http, is not a
// client without a timeout.
func otherClient(u string) {
	_ = &http.Client{}
	_ = new(http.Client)
	var c http.Client
	_ = c
	_ = http.DefaultClient
	http.Get(u)
}
