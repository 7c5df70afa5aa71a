// Package proto is a stub of github.com/redis/go-redis/v9/internal/proto
// v9.23.0 (reader.go): the error type of Redis replies.
package proto

// RedisError is an error reply of the server.
type RedisError string

func (e RedisError) Error() string { return string(e) }

func (RedisError) RedisError() {}

// Nil is the reply to a missing key.
const Nil = RedisError("redis: nil") // nolint:errname
