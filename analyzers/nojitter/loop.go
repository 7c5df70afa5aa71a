package nojitter

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// loop reports the deterministic waits of a retry loop. A loop with one
// randomised wait is left alone, and a wait that cannot be followed keeps
// it quiet.
func (c *checker) loop(s *retrysite.Site) {
	var fixed []retrysite.Wait
	for _, w := range s.Waits {
		if w.Duration == nil || w.Kind == retrysite.LibBackoff {
			continue
		}
		switch c.res.Randomised(w.Duration) {
		case retrysite.Random:
			return
		case retrysite.Fixed:
			if !c.zero(w.Duration) {
				fixed = append(fixed, w)
			}
		}
	}
	for _, w := range fixed {
		pos := w.Node.Pos()
		if c.rep.Skip(pos) {
			continue
		}
		d := analysis.Diagnostic{
			Pos:     pos,
			End:     w.Node.End(),
			Message: fmt.Sprintf("retry loop waits %s between attempts: %s; randomise the wait (full jitter)", c.describe(w.Duration), herd),
		}
		if w.Kind != retrysite.Tick && c.isDuration(w.Duration) {
			d.SuggestedFixes = c.fullJitterFix(w.Duration)
		}
		c.rep.Report(d)
	}
}

// periodic reports a loop that wakes at a fixed period whatever happens.
func (c *checker) periodic(s *retrysite.Site) {
	for _, w := range s.Waits {
		if w.Duration == nil || c.res.Randomised(w.Duration) != retrysite.Fixed || c.zero(w.Duration) {
			continue
		}
		c.rep.Report(analysis.Diagnostic{
			Pos: s.Node.Pos(),
			End: s.Node.Pos() + token.Pos(len("for")),
			Message: fmt.Sprintf("periodic loop wakes every %s in lockstep: a fleet of timers started together stays synchronised; add a random per-host offset",
				c.period(w.Duration)),
		})
		return
	}
}

// describe says what a deterministic wait is: "a fixed 2s", "a
// deterministic backoff (base << attempt)".
func (c *checker) describe(e ast.Expr) string {
	if d, ok := c.constDuration(e); ok {
		return "a fixed " + d.String()
	}
	e = c.res.Value(e)
	if d, ok := c.constDuration(e); ok {
		return "a fixed " + d.String()
	}
	return "a deterministic duration (" + short(types.ExprString(e)) + ")"
}

func (c *checker) period(e ast.Expr) string {
	if d, ok := c.constDuration(c.res.Value(e)); ok {
		return d.String()
	}
	return short(types.ExprString(e))
}

func short(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

func (c *checker) constDuration(e ast.Expr) (time.Duration, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v, ok := constant.Int64Val(constant.ToInt(tv.Value))
	return time.Duration(v), ok
}

func constantInt(tv types.TypeAndValue) (int64, bool) {
	return constant.Int64Val(constant.ToInt(tv.Value))
}

func (c *checker) zero(e ast.Expr) bool {
	d, ok := c.constDuration(e)
	return ok && d <= 0
}

// isDuration reports whether e can be handed to retry.FullJitter as it is.
func (c *checker) isDuration(e ast.Expr) bool {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok {
		return false
	}
	if tv.Value != nil && tv.Type != nil {
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return b.Info()&types.IsInteger != 0
		}
	}
	return typematch.IsNamed(tv.Type, "time", "Duration")
}
