// Package fake has a type named Client that is not net/http's.
package fake

import "time"

// Client is not an http.Client.
type Client struct{ Timeout time.Duration }

// DefaultClient is not http.DefaultClient.
var DefaultClient = &Client{}

// Get is not http.Get.
func Get(string) {}
