// Package errors is a stub of k8s.io/apimachinery/pkg/api/errors v0.37.2:
// the predicates retrylint's tests use, with the real signatures.
package errors

// IsNotFound reports whether err is a 404 NotFound status.
func IsNotFound(err error) bool { return false }

// IsAlreadyExists reports whether err is a 409 AlreadyExists status.
func IsAlreadyExists(err error) bool { return false }

// IsConflict reports whether err is a 409 Conflict status.
func IsConflict(err error) bool { return false }
