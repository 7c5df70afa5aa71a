// Package keys is testdata/src/unkeyedpost/keys against the real
// github.com/google/uuid v1.6.0.
package keys

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand"

	"github.com/google/uuid"
)

func New() string { // want New:"freshkey"
	return "k-" + uuid.NewString()
}

// Random fills a buffer from crypto/rand.
func Random() string { // want Random:"freshkey"
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Wrapped calls another fresh maker of this package.
func Wrapped() (key string, err error) { // want Wrapped:"freshkey"
	key = fmt.Sprintf("w-%s", Random())
	return
}

// Jittered uses math/rand.
func Jittered() int64 { return mrand.Int63() } // want Jittered:"freshkey"

// ForOrder derives a stable key from an order id: the same on every call.
func ForOrder(orderID string) string {
	return uuid.NewSHA1(uuid.NameSpaceURL, []byte("order:"+orderID)).String()
}

// Logged looks at the clock but returns a stable key.
func Logged(orderID string) string {
	fmt.Println(uuid.New())
	return "order-" + orderID
}
