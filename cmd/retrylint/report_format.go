package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/retrylint/retrylint/analyzers/retrychain"
)

// reportFormats are the writers of -format.
var reportFormats = map[string]func(io.Writer, []retrychain.Chain) error{
	"text":     writeReportText,
	"json":     writeReportJSON,
	"markdown": writeReportMarkdown,
	"dot":      writeReportDot,
}

// bounds says what else bounds a chain, "-" for nothing.
func bounds(c retrychain.Chain) string {
	if len(c.Bounds) == 0 {
		return "-"
	}
	return strings.Join(c.Bounds, "; ")
}

// writeReportText writes a table, largest product first.
func writeReportText(w io.Writer, chains []retrychain.Chain) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "CALLS\tENTRY\tKIND\tDEPENDENCY\tOWNER\tBOUNDED BY\tCHAIN")
	for _, c := range chains {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Calls, c.EntryName(), c.Entry.Kind, c.Dependency,
			c.OwnerName(), bounds(c), c)
	}
	return tw.Flush()
}

// The JSON output: docs/report.md documents it field by field; a change
// here is a change there, and of reportSchemaVersion when it is not an
// addition.
const reportSchemaVersion = 1

type jsonReport struct {
	Version int         `json:"version"`
	Chains  []jsonChain `json:"chains"`
}

type jsonChain struct {
	Entry      jsonEntry      `json:"entry"`
	Dependency jsonDependency `json:"dependency"`
	Layers     []jsonLayer    `json:"layers"`
	Calls      jsonCount      `json:"calls"`
	Within     string         `json:"within,omitempty"`
	Owner      int            `json:"owner"`
	Bounds     []string       `json:"bounds"`
	Text       string         `json:"text"`
}

type jsonEntry struct {
	Package  string `json:"package"`
	Name     string `json:"name"`
	Kind     string `json:"kind"`
	Position string `json:"position"`
}

type jsonDependency struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Host string `json:"host,omitempty"`
}

type jsonLayer struct {
	Package   string    `json:"package,omitempty"`
	Name      string    `json:"name"`
	Attempts  jsonCount `json:"attempts"`
	Interface bool      `json:"interface,omitempty"`
	Budget    bool      `json:"budget,omitempty"`
	Deadline  string    `json:"deadline,omitempty"`
}

// jsonCount is a count: a number, or null when it is unbounded or unknown,
// with its kind beside it.
type jsonCount struct {
	N    *int   `json:"n"`
	Kind string `json:"kind"`
}

func countJSON(c retrychain.Count) jsonCount {
	j := jsonCount{Kind: c.KindName()}
	if c.Finite() {
		n := c.N
		j.N = &n
	}
	return j
}

// writeReportJSON writes the chains as one JSON document.
func writeReportJSON(w io.Writer, chains []retrychain.Chain) error {
	out := jsonReport{Version: reportSchemaVersion, Chains: []jsonChain{}}
	for _, c := range chains {
		j := jsonChain{
			Entry: jsonEntry{Package: c.Entry.Package, Name: c.Entry.Name, Kind: c.Entry.Kind,
				Position: fmt.Sprintf("%s:%d:%d", c.Entry.Pos.Filename, c.Entry.Pos.Line, c.Entry.Pos.Column)},
			Dependency: jsonDependency{Name: c.Dependency.Name, Kind: c.Dependency.Kind, Host: c.Dependency.Host},
			Calls:      countJSON(c.Calls),
			Within:     c.Within,
			Owner:      c.Owner,
			Bounds:     append([]string{}, c.Bounds...),
			Text:       c.String(),
		}
		for _, l := range c.Layers {
			j.Layers = append(j.Layers, jsonLayer{Package: l.Package, Name: l.Name, Attempts: countJSON(l.Attempts),
				Interface: l.Interface, Budget: l.Budget, Deadline: l.Deadline})
		}
		out.Chains = append(out.Chains, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// writeReportMarkdown writes a table and a mermaid flowchart of the chains,
// which GitHub, GitLab and most wikis render.
func writeReportMarkdown(w io.Writer, chains []retrychain.Chain) error {
	var b strings.Builder
	b.WriteString("| Calls | Entry | Dependency | Chain | Owner | Bounded by |\n")
	b.WriteString("|---:|---|---|---|---|---|\n")
	for _, c := range chains {
		fmt.Fprintf(&b, "| %s | %s (%s) | %s | %s | %s | %s |\n", c.Calls, code(c.EntryName()), c.Entry.Kind,
			code(c.Dependency.String()), code(c.String()), code(c.OwnerName()), cell(bounds(c)))
	}
	b.WriteString("\n```mermaid\n")
	g := graphOf(chains)
	b.WriteString("flowchart LR\n")
	for _, n := range g.nodes {
		fmt.Fprintf(&b, "  %s[\"%s\"]\n", n.id, strings.ReplaceAll(n.label, `"`, "#quot;"))
	}
	for _, e := range g.edges {
		if e.label == "" {
			fmt.Fprintf(&b, "  %s --> %s\n", e.from, e.to)
		} else {
			fmt.Fprintf(&b, "  %s -->|%s| %s\n", e.from, e.label, e.to)
		}
	}
	if len(g.owners) > 0 {
		b.WriteString("  classDef owner stroke-width:3px\n")
		fmt.Fprintf(&b, "  class %s owner\n", strings.Join(g.owners, ","))
	}
	b.WriteString("```\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// code writes s as inline code in a table cell.
func code(s string) string { return "`" + strings.ReplaceAll(s, "|", `\|`) + "`" }

// cell escapes s for a table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// writeReportDot writes the chains as a Graphviz graph.
func writeReportDot(w io.Writer, chains []retrychain.Chain) error {
	var b strings.Builder
	b.WriteString("digraph retrylint {\n  rankdir=LR;\n  node [shape=box];\n")
	g := graphOf(chains)
	owner := map[string]bool{}
	for _, id := range g.owners {
		owner[id] = true
	}
	for _, n := range g.nodes {
		attrs := "label=" + strconv.Quote(n.label)
		if owner[n.id] {
			attrs += ", penwidth=3"
		}
		fmt.Fprintf(&b, "  %s [%s];\n", n.id, attrs)
	}
	for _, e := range g.edges {
		if e.label == "" {
			fmt.Fprintf(&b, "  %s -> %s;\n", e.from, e.to)
		} else {
			fmt.Fprintf(&b, "  %s -> %s [label=%s];\n", e.from, e.to, strconv.Quote(e.label))
		}
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// A chainGraph is the chains drawn as one graph: a node per function and
// per client operation (per number of attempts, since one client can be
// configured differently in two places), an edge per call from one layer
// to the next, labelled with the calling layer's attempts.
type chainGraph struct {
	nodes  []chainNode
	edges  []chainEdge
	owners []string // ids of the nodes that should own the retries
}

type chainNode struct{ id, label string }

type chainEdge struct{ from, to, label string }

func graphOf(chains []retrychain.Chain) chainGraph {
	var g chainGraph
	ids := map[string]string{}
	edges := map[chainEdge]bool{}
	owners := map[string]bool{}
	node := func(key, label string) string {
		if id, ok := ids[key]; ok {
			return id
		}
		id := "n" + strconv.Itoa(len(ids))
		ids[key] = id
		g.nodes = append(g.nodes, chainNode{id, label})
		return id
	}
	for _, c := range chains {
		var prev string
		for i, l := range c.Layers {
			key, label := l.Package+"\x00"+l.Name, l.Qualified("")
			if i == len(c.Layers)-1 {
				key += "\x00" + l.Attempts.Times()
				if l.Retries() {
					label += " " + l.Attempts.Times()
				}
			}
			id := node(key, label)
			if i == c.Owner && !owners[id] {
				owners[id] = true
				g.owners = append(g.owners, id)
			}
			if i > 0 {
				e := chainEdge{from: prev}
				e.to = id
				if p := c.Layers[i-1]; p.Retries() {
					e.label = p.Attempts.Times()
				}
				if !edges[e] {
					edges[e] = true
					g.edges = append(g.edges, e)
				}
			}
			prev = id
		}
	}
	return g
}
