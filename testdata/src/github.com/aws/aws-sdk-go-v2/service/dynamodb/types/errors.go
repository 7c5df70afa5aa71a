// Package types is a stub of github.com/aws/aws-sdk-go-v2/service/dynamodb/types
// v1.74.0 (errors.go): the modelled errors retrylint's tests use, with their
// real fields and methods (the item and cancellation reason fields, and
// ErrorFault, which need more of the SDK, left out).
package types

import "fmt"

// ConditionalCheckFailedException: a condition specified in the operation
// failed to be evaluated.
type ConditionalCheckFailedException struct {
	Message *string

	ErrorCodeOverride *string
}

func (e *ConditionalCheckFailedException) Error() string {
	return fmt.Sprintf("%s: %s", e.ErrorCode(), e.ErrorMessage())
}
func (e *ConditionalCheckFailedException) ErrorMessage() string {
	if e.Message == nil {
		return ""
	}
	return *e.Message
}
func (e *ConditionalCheckFailedException) ErrorCode() string {
	if e == nil || e.ErrorCodeOverride == nil {
		return "ConditionalCheckFailedException"
	}
	return *e.ErrorCodeOverride
}

// TransactionCanceledException: the entire transaction request was canceled.
type TransactionCanceledException struct {
	Message *string

	ErrorCodeOverride *string
}

func (e *TransactionCanceledException) Error() string {
	return fmt.Sprintf("%s: %s", e.ErrorCode(), e.ErrorMessage())
}
func (e *TransactionCanceledException) ErrorMessage() string {
	if e.Message == nil {
		return ""
	}
	return *e.Message
}
func (e *TransactionCanceledException) ErrorCode() string {
	if e == nil || e.ErrorCodeOverride == nil {
		return "TransactionCanceledException"
	}
	return *e.ErrorCodeOverride
}
