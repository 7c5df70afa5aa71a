// Package retry is retrylint's runtime reference library: jitter, retry
// budgets, deadlines, idempotency keys and a retrying HTTP transport that only
// retries what is safe to repeat. retrylint's suggested fixes call it.
//
// It uses the standard library only.
package retry
