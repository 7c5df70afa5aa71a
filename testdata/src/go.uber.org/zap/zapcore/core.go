// Package zapcore is a stub of go.uber.org/zap/zapcore v1.28.0: the same
// signatures for what the tests use, and a Core that writes to a sink
// behind an interface, as the real ioCore does.
package zapcore

import "io"

// Level is a logging priority.
type Level int8

// A LevelEnabler decides whether a given logging level is enabled.
type LevelEnabler interface {
	Enabled(Level) bool
}

// A Field is a marshaling operation used to add a key-value pair to a
// logger's context.
type Field struct {
	Key       string
	String    string
	Interface interface{}
}

// An Entry represents a complete log message.
type Entry struct {
	Level   Level
	Message string
}

// CheckedEntry is an Entry together with a collection of Cores that have
// already agreed to log it.
type CheckedEntry struct {
	Entry
	cores []Core
}

// Write writes the entry to the stored Cores.
func (ce *CheckedEntry) Write(fields ...Field) {
	for _, c := range ce.cores {
		c.Write(ce.Entry, fields)
	}
}

// Core is a minimal, fast logger interface.
type Core interface {
	LevelEnabler
	With([]Field) Core
	Check(Entry, *CheckedEntry) *CheckedEntry
	Write(Entry, []Field) error
	Sync() error
}

// A WriteSyncer is an io.Writer that can also flush any buffered data.
type WriteSyncer interface {
	io.Writer
	Sync() error
}

// NewCore creates a Core that writes logs to a WriteSyncer.
func NewCore(enc interface{}, ws WriteSyncer, enab LevelEnabler) Core {
	return &ioCore{LevelEnabler: enab, out: ws}
}

type ioCore struct {
	LevelEnabler
	out WriteSyncer
}

func (c *ioCore) With(fields []Field) Core { return c }

func (c *ioCore) Check(ent Entry, ce *CheckedEntry) *CheckedEntry {
	if c.Enabled(ent.Level) {
		ce.cores = append(ce.cores, c)
	}
	return ce
}

func (c *ioCore) Write(ent Entry, fields []Field) error {
	if _, err := c.out.Write([]byte(ent.Message)); err != nil {
		return err
	}
	return c.out.Sync()
}

func (c *ioCore) Sync() error { return c.out.Sync() }
