// Package syntax has syntax errors in and around retry loops and HTTP
// clients: the parser leaves Bad nodes and missing pieces behind.
package syntax

import (
	"net/http"
	"time"
)

func missingBrace(url string) error {
	for i := 0; i < 3; i++ {
		resp, err := http.Post(url, "application/json", nil
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return nil
}

func badLoop() {
	for i := 0; i < ; i++ {
		time.Sleep(
	}
}

var c = &http.Client{Timeout: }

func unterminated() {
	for {
		_ = http.Client{
