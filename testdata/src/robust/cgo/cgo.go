// Package cgo uses cgo beside an HTTP client and a retry loop: the driver
// hands analyzers cgo-processed files.
package cgo

/*
#include <stdlib.h>
static int attempts(void) { return 3; }
*/
import "C"

import (
	"net/http"
	"time"
)

// Fetch retries a GET as many times as C says.
func Fetch(c *http.Client, url string) (*http.Response, error) {
	var last error
	for i := 0; i < int(C.attempts()); i++ {
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		last = err
		time.Sleep(time.Duration(C.rand()%100) * time.Millisecond)
	}
	return nil, last
}
