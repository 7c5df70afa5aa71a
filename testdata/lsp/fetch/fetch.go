// Package fetch is the file the language server tests open: one finding
// from a direct call, one from a fact about a dependency.
package fetch

import (
	"net/http"
	"time"

	"example.com/lspfetch/dep"
)

var timeoutClient = &http.Client{Timeout: 10 * time.Second}

// Status gets u; the comment and the string hold characters that are two
// UTF-16 units long, so positions after them test the encoding.
func Status(u string) (int, error) {
	/* 🔁 retry */ resp, err := http.Get(u + "?q=é😀")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, dep.Fetch(u)
}
