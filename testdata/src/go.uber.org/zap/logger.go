// Package zap is a stub of go.uber.org/zap v1.28.0: the same signatures for
// what the tests use, and a Logger that hands each entry to a zapcore.Core,
// an interface whose implementations write to sinks out of sight.
package zap

import "go.uber.org/zap/zapcore"

// Field is an alias for zapcore.Field.
type Field = zapcore.Field

// A Logger provides fast, leveled, structured logging.
type Logger struct {
	core zapcore.Core
}

// NewNop returns a no-op Logger.
func NewNop() *Logger { return &Logger{} }

// L returns the global Logger.
func L() *Logger { return global }

var global = NewNop()

// Sugar wraps the Logger to provide a more ergonomic API.
func (log *Logger) Sugar() *SugaredLogger { return &SugaredLogger{base: log} }

// Info logs a message at InfoLevel.
func (log *Logger) Info(msg string, fields ...Field) {
	if ce := log.core.Check(zapcore.Entry{Message: msg}, &zapcore.CheckedEntry{}); ce != nil {
		ce.Write(fields...)
	}
}

// Error logs a message at ErrorLevel.
func (log *Logger) Error(msg string, fields ...Field) {
	log.core.Write(zapcore.Entry{Level: 2, Message: msg}, fields)
}

// Sync calls the underlying Core's Sync method.
func (log *Logger) Sync() error { return log.core.Sync() }

// A SugaredLogger wraps the base Logger functionality in a slower, but less
// verbose, API.
type SugaredLogger struct {
	base *Logger
}

// Infof formats the message according to the format specifier and logs it
// at InfoLevel.
func (s *SugaredLogger) Infof(template string, args ...interface{}) {
	s.base.Info(template)
}

// String constructs a field with the given key and value.
func String(key string, val string) Field { return Field{Key: key, String: val} }

// Error is shorthand for the common idiom NamedError("error", err).
func Error(err error) Field { return Field{Key: "error", Interface: err} }
