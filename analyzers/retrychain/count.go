package retrychain

import (
	"fmt"
	"strconv"
)

// CountKind says how much is known of a number of calls.
type CountKind int

const (
	// Unknown: no count can be given (a bound from a parameter or a
	// field, a layer that could not be split from the next one).
	Unknown CountKind = iota
	// Known: N calls at most, from the code itself.
	Known
	// Default: N calls at most, where a library's default number of
	// attempts is among the factors.
	Default
	// Unbounded: nothing but success or a context ends the calls.
	Unbounded
)

// A Count is how many calls a layer, or a chain of layers, makes at most.
type Count struct {
	Kind CountKind
	N    int // > 0 when Kind is Known or Default
}

// One is a layer that passes a call through without retrying it.
var One = Count{Kind: Known, N: 1}

// Finite reports whether c is a number.
func (c Count) Finite() bool { return (c.Kind == Known || c.Kind == Default) && c.N > 0 }

// Mul is the count of a layer of c around a layer of d.
func (c Count) Mul(d Count) Count {
	switch {
	case c.Kind == Unbounded || d.Kind == Unbounded:
		return Count{Kind: Unbounded}
	case c.Finite() && d.Finite():
		k := Known
		if c.Kind == Default || d.Kind == Default {
			k = Default
		}
		return Count{Kind: k, N: c.N * d.N}
	}
	return Count{}
}

// Div is what is left of c once a layer of d is taken out of it: unknown
// when d does not divide c.
func (c Count) Div(d Count) Count {
	switch {
	case d == One:
		return c
	case c.Finite() && d.Finite() && c.N%d.N == 0:
		k := c.Kind
		if d.Kind == Default {
			k = Known // the default was d's
		}
		return Count{Kind: k, N: c.N / d.N}
	}
	return Count{}
}

// Rank orders counts by the calls they may make: unbounded first, then the
// largest number, then an unknown count.
func (c Count) Rank() int {
	switch {
	case c.Kind == Unbounded:
		return 1 << 30
	case c.Finite():
		return c.N
	}
	return 0
}

// String is the count as the tables print it: "30", "∞" (unbounded), "?"
// (unknown).
func (c Count) String() string {
	switch {
	case c.Finite():
		return strconv.Itoa(c.N)
	case c.Kind == Unbounded:
		return "∞"
	}
	return "?"
}

// KindName names c's kind for the JSON output.
func (c Count) KindName() string {
	switch c.Kind {
	case Known:
		return "known"
	case Default:
		return "default"
	case Unbounded:
		return "unbounded"
	}
	return "unknown"
}

// Times is a layer's attempts as a chain shows them: "x3", "x∞", "x?".
func (c Count) Times() string { return fmt.Sprintf("x%s", c) }
