package main

import (
	"bytes"
	"fmt"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// chart draws, for each rule's single run, the calls the server received in
// each window as bars, one panel per rule on a shared time axis, with the
// server's capacity as a line: every call above it was refused.
func chart(rows []row, seed uint64) []byte {
	const (
		left, right = 150, 20
		panelH      = 90
		gap         = 28
		top         = 46
		plotW       = 800
		maxCalls    = 100
	)
	var span time.Duration
	for _, r := range rows {
		span = max(span, time.Duration(len(r.one.Windows))*herdServer.Window)
	}
	span = (span + time.Second - 1).Truncate(time.Second)
	windows := int(span / herdServer.Window)
	barW := float64(plotW) / float64(windows)
	width := left + plotW + right
	height := top + len(rows)*(panelH+gap) + 20

	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="15" font-weight="bold">Calls per %v window: %d clients, server takes %d per window (seed %d)</text>`+"\n",
		left, herdServer.Window, clients, herdServer.PerWindow, seed)
	y := func(calls int, y0 int) float64 { return float64(y0+panelH) - float64(calls)*panelH/maxCalls }
	for i, r := range rows {
		y0 := top + i*(panelH+gap)
		name := r.rule.String() + " jitter"
		if r.rule == retry.JitterNone {
			name = "no jitter"
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-weight="bold">%s</text>`+"\n", 10, y0+30, name)
		fmt.Fprintf(&b, `<text x="%d" y="%d">%d calls</text>`+"\n", 10, y0+48, r.one.Calls)
		fmt.Fprintf(&b, `<text x="%d" y="%d">last done %.1f s</text>`+"\n", 10, y0+66, r.one.Done.Seconds())
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>`+"\n", left, y0+panelH, left+plotW, y0+panelH)
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end" fill="#666">%d</text>`+"\n", left-4, y(maxCalls, y0)+4, maxCalls)
		for w, n := range r.one.Windows {
			if n == 0 {
				continue
			}
			fill := "#4477aa"
			if n > herdServer.PerWindow {
				fill = "#cc6677"
			}
			fmt.Fprintf(&b, `<rect x="%.2f" y="%.1f" width="%.2f" height="%.1f" fill="%s"/>`+"\n",
				left+float64(w)*barW, y(n, y0), max(barW-0.5, 0.5), float64(y0+panelH)-y(n, y0), fill)
		}
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#222" stroke-dasharray="4 3"/>`+"\n",
			left, y(herdServer.PerWindow, y0), left+plotW, y(herdServer.PerWindow, y0))
	}
	axisY := top + len(rows)*(panelH+gap) - gap + 16
	for s := time.Duration(0); s <= span; s += time.Second {
		x := left + float64(s/herdServer.Window)*barW
		if s%(2*time.Second) == 0 {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle" fill="#666">%ds</text>`+"\n", x, axisY, int(s.Seconds()))
		}
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#666">dashed: the server's %d calls per window; red bars: windows with calls refused</text>`+"\n",
		left, axisY+16, herdServer.PerWindow)
	b.WriteString("</svg>\n")
	return b.Bytes()
}
