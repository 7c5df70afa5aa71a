package retry

import (
	"crypto/rand"
	"encoding/hex"
)

// IdempotencyKeyHeader is the header that carries an idempotency key.
//
// A timeout does not say whether the server applied a request: only that the
// answer did not arrive in time. Retrying a POST that was applied applies it
// twice (the card is charged twice) unless every attempt carries the same key,
// so that the server can recognise the repeat and return the first result.
// [Transport] retries a POST or PATCH only when it carries this header.
const IdempotencyKeyHeader = "Idempotency-Key"

// NewIdempotencyKey returns a new random key: a version 4 UUID, 122 random
// bits from crypto/rand, such as "3b241101-e2bb-4255-8caf-4136c566a962".
//
// Make the key once per logical operation, before the first attempt, and send
// the same key with every attempt: a key made anew for each attempt makes each
// attempt look new to the server, which defeats its purpose.
func NewIdempotencyKey() string {
	var u [16]byte
	// Read never returns an error: it crashes the program if the system has no randomness.
	rand.Read(u[:])
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // variant 10 (RFC 9562)
	var s [36]byte
	hex.Encode(s[0:8], u[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], u[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], u[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], u[8:10])
	s[23] = '-'
	hex.Encode(s[24:], u[10:])
	return string(s[:])
}
