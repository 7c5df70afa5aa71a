package retry

import "crypto/rand"

// IdempotencyKeyHeader is the header that carries an idempotency key.
const IdempotencyKeyHeader = "Idempotency-Key"

// NewIdempotencyKey returns a new random key (a version 4 UUID: 122 random bits).
func NewIdempotencyKey() string {
	return rand.Text()
}
