// Package codes is a stub of google.golang.org/grpc/codes v1.84.0
// (codes.go, code_string.go): the codes gax-go's OnCodes takes.
package codes

// A Code is a status code defined according to the gRPC documentation.
type Code uint32

const (
	OK                Code = 0
	DeadlineExceeded  Code = 4
	ResourceExhausted Code = 8
	Unavailable       Code = 14
)
