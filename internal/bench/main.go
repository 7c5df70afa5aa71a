// Command bench measures retrylint beside the cost of loading the code it
// checks, and beside go vet, so that "the analyzers are cheap" and "a
// repeated run is nearly free" are numbers anyone can reproduce:
//
//	go run ./internal/bench [-n 5] [-quick] [-test=true] [-inprocess] [-configs=NAME,...] [inputs...]
//	go run ./internal/bench -n 3 -inprocess mod:github.com/restic/restic@v0.17.3
//	go run ./internal/bench -n 1 -configs=retrylint-cold,floor mod:github.com/prometheus/prometheus@v0.312.0
//
// For each input it runs, alternating (one run of each per round, so that
// machine noise hits every configuration alike):
//
//   - retrylint cold: the retrylint binary with all analyzers, standalone
//     (one process, in dependency order: cmd/retrylint/ordered.go), with an
//     empty result cache and a cold vet cache (see below): its first run
//     after an install or an upgrade;
//   - retrylint edit (mod: inputs): the same with a warm cache, after
//     adding an exported function to one file of the input's package that
//     the most of its other packages import (worst case: that package and
//     everything that imports it are analysed again): a run after an edit;
//   - retrylint warm: the same, nothing changed since its last run;
//   - retrylint in-process (with -inprocess): RETRYLINT_INPROCESS=1, the
//     driver that loads everything with go/packages and analyses it in one
//     process, as every standalone run did before;
//   - floor: a checker from the same golang.org/x/tools whose one analyzer
//     requires inspect, declares a fact type and does nothing
//     (internal/bench/floor/facts). A fact type makes an in-process driver
//     load and type-check every dependency from source, so this is the least
//     a fact-using linter run that way costs;
//   - floor-nofacts: the same without the fact type (dependencies from export
//     data), to show what facts cost;
//   - retrylint no analyzers: retrylint with every analyzer switched off
//     and no result cache, which leaves the type-checking its driver does on
//     a first run (in dependency order, the standard library from export
//     data and every other package from source): what a first run costs
//     beyond this is the analyzers' and the cache's;
//   - vet and vet-retrylint: `go vet` with its default analyzers and
//     `go vet -vettool=retrylint`, each with a cold and a warm vet cache.
//
// What "cold vet cache" means here: every input's packages, dependencies and
// test variants are compiled once into a template GOCACHE (`go list -export
// -deps -test`), as a CI job has them after `go build` or a restored build
// cache. A cold run gets a fresh copy of that template: nothing is compiled,
// but no vet result is cached, so go vet runs the tool on every package of the
// dependency graph, standard library included (for facts; go vet always does
// this). That is what CI pays on the first vet after a change to go.mod or to
// the tool: the tool's identity is part of every vet cache key, so a new
// retrylint binary makes the whole cache cold. A warm run reuses a cache in
// which the same command has already run. Since Go 1.26 go vet caches each
// package's output, findings included, and replays it.
//
// retrylint's own result cache (RETRYLINT_CACHE) goes with the GOCACHE of
// the run: empty for a cold run, kept for a warm one. The in-process
// checkers keep no result cache: cold and warm are the same for them, and
// they use the warm GOCACHE (for go list and export data).
//
// -configs runs only the configurations named (a configuration's name with
// its spaces written as hyphens: retrylint-cold, retrylint-in-process,
// floor, vet-retrylint-cold, ...), so that a large input can be measured in
// the configurations that matter without paying for all the others; a ratio
// whose reference (the floor, or vet's default suite) did not run is left
// blank.
//
// Figures: median wall time; median CPU time (user+sys of the child and its
// waited-for descendants, from the wait4 rusage); median peak RSS of the
// largest single process (ru_maxrss: for go vet, the go command or one tool
// process) and median peak of the summed RSS of the whole process tree,
// sampled every 50ms (go vet runs up to one tool process per CPU at once).
// Ratios are against the fact floor, and for vet-retrylint against vet's
// default suite with the same cache state.
//
// Inputs: "e2e" (the sample module testdata/e2e), "reallibs" (the real-SDK
// module testdata/reallibs), "std:PATTERN[,PATTERN...]" (standard library
// packages, e.g. std:net/http,encoding/json), or "mod:PATH@VERSION" (a
// module fetched through the module proxy with `go mod download`, pinned by
// its version and go.sum, copied to the work directory and analysed as
// ./...). Default: e2e reallibs std:net/http,encoding/json. -quick is e2e
// with 3 rounds, for CI.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/modroot"
)

var (
	rounds = flag.Int("n", 5, "rounds: runs of each configuration per input")
	quick  = flag.Bool("quick", false, "CI mode: only the e2e sample module, 3 rounds")
	tests  = flag.Bool("test", true, "include test packages (go vet does by default)")
	keep   = flag.Bool("keep", false, "keep the work directory (binaries and caches) and print its path")
	novet  = flag.Bool("novet", false, "skip the go vet configurations")
	inproc = flag.Bool("inprocess", false, "also run retrylint's in-process driver (RETRYLINT_INPROCESS=1)")
	only   = flag.String("configs", "", "run only these configurations, comma-separated, spaces as hyphens (e.g. retrylint-cold,floor)")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./internal/bench [flags] [e2e|reallibs|std:PATTERN,...]...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if *quick {
		if len(args) == 0 {
			args = []string{"e2e"}
		}
		if !isSet("n") {
			*rounds = 3
		}
	}
	if !*tests && !*novet {
		// go vet always checks test files: only -test=true compares alike.
		fmt.Fprintln(os.Stderr, "bench: -test=false needs -novet (go vet always checks test files)")
		os.Exit(2)
	}
	if len(args) == 0 {
		args = []string{"e2e", "reallibs", "std:net/http,encoding/json"}
	}
	if _, err := selectConfigs(configs(), *only); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(2)
	}
	if err := run(args); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func isSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// An input is a set of packages and the directory the tools run in.
type input struct {
	name     string
	dir      string
	patterns []string
	module   string // PATH@VERSION of a module to fetch into dir, or ""
	edit     string // the file that the edit configuration changes ("": none)
	editNote string // which package that is, and how many import it
}

func parseInput(root, arg string) (input, error) {
	switch {
	case arg == "e2e" || arg == "reallibs":
		return input{name: arg, dir: filepath.Join(root, "testdata", arg), patterns: []string{"./..."}}, nil
	case strings.HasPrefix(arg, "std:"):
		pats := strings.Split(strings.TrimPrefix(arg, "std:"), ",")
		// Run from the module root: std patterns resolve anywhere.
		return input{name: arg, dir: root, patterns: pats}, nil
	case strings.HasPrefix(arg, "mod:") && strings.Contains(arg, "@"):
		return input{name: arg, patterns: []string{"./..."}, module: strings.TrimPrefix(arg, "mod:")}, nil
	}
	return input{}, fmt.Errorf("unknown input %q (want e2e, reallibs, std:PATTERN,... or mod:PATH@VERSION)", arg)
}

// fetch downloads the input's module through the module proxy and copies
// it into work (the module cache is read-only, and the edit configuration
// writes), returning the directory.
func fetch(work, module string) (string, error) {
	out, err := command(work, nil, "go", "mod", "download", "-json", module).Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %v\n%s", module, err, out)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(out, &info); err != nil || info.Dir == "" {
		return "", fmt.Errorf("go mod download %s: %v %s", module, err, info.Error)
	}
	dir := filepath.Join(work, "src", strings.NewReplacer("/", "_", "@", "_").Replace(module))
	err = filepath.WalkDir(info.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(info.Dir, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	return dir, err
}

// chooseEdit picks the file that the edit configuration changes: one of the
// package of the input's own that the most of its other packages import,
// directly or not, so that the edit run is the worst case of an edit.
func chooseEdit(in *input) error {
	out, err := command(in.dir, nil, append([]string{"go", "list", "-e", "-json=ImportPath,Dir,GoFiles,CgoFiles,Deps,Module"}, in.patterns...)...).Output()
	if err != nil {
		return fmt.Errorf("go list in %s: %v", in.dir, err)
	}
	type pkg struct {
		ImportPath, Dir   string
		GoFiles, CgoFiles []string
		Deps              []string
		Module            *struct{ Main bool }
	}
	var pkgs []pkg
	for dec := json.NewDecoder(bytes.NewReader(out)); ; {
		var p pkg
		if err := dec.Decode(&p); err != nil {
			break
		}
		if p.Module != nil && p.Module.Main {
			pkgs = append(pkgs, p)
		}
	}
	importers := make(map[string]int)
	for _, p := range pkgs {
		for _, d := range p.Deps {
			importers[d]++
		}
	}
	best := -1
	for i, p := range pkgs {
		if len(p.GoFiles) > 0 && len(p.CgoFiles) == 0 && (best < 0 || importers[p.ImportPath] > importers[pkgs[best].ImportPath]) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	p := pkgs[best]
	in.edit = filepath.Join(p.Dir, p.GoFiles[0])
	in.editNote = fmt.Sprintf("the edit adds an exported function to %s, in %s, which %d of the %d packages import",
		p.GoFiles[0], p.ImportPath, importers[p.ImportPath], len(pkgs))
	return nil
}

// edits counts the edits made, so that each adds a function of a new name.
var edits int

// editFile adds an exported function to the file: the package's export
// data changes, so everything that imports it is compiled and analysed again.
func editFile(file string) error {
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	edits++
	_, err = fmt.Fprintf(f, "\n// RetrylintBenchEdit%d is added by internal/bench.\nfunc RetrylintBenchEdit%d() {}\n", edits, edits)
	return errors.Join(err, f.Close())
}

// A config is one way of checking an input.
type config struct {
	name string
	// argv builds the command line; bin holds the built binaries.
	argv func(bin map[string]string, in input) []string
	// cache is "warm" or "cold" (a fresh copy of the compiled template).
	cache string
	// okCodes are the exit statuses that mean "ran to the end".
	okCodes []int
	env     []string
	edit    bool // change the input's edit file before each run
}

func configs() []config {
	standalone := func(tool string) func(map[string]string, input) []string {
		return func(bin map[string]string, in input) []string {
			return append([]string{bin[tool], fmt.Sprintf("-test=%t", *tests)}, in.patterns...)
		}
	}
	vet := func(tool string) func(map[string]string, input) []string {
		return func(bin map[string]string, in input) []string {
			argv := []string{"go", "vet"}
			if tool != "" {
				argv = append(argv, "-vettool="+bin[tool])
			}
			return append(argv, in.patterns...)
		}
	}
	noAnalyzers := func(bin map[string]string, in input) []string {
		argv := []string{bin["retrylint"], fmt.Sprintf("-test=%t", *tests)}
		for _, a := range analyzers.All() {
			argv = append(argv, "-"+a.Name+"=false")
		}
		return append(argv, in.patterns...)
	}
	// Standalone checkers exit 3 when they report; go vet exits 1.
	cs := []config{
		{name: "retrylint cold", argv: standalone("retrylint"), cache: "cold", okCodes: []int{0, 3}},
		{name: "retrylint edit", argv: standalone("retrylint"), cache: "warm", okCodes: []int{0, 3}, edit: true},
		{name: "retrylint warm", argv: standalone("retrylint"), cache: "warm", okCodes: []int{0, 3}},
	}
	if *inproc {
		cs = append(cs, config{name: "retrylint in-process", argv: standalone("retrylint"), cache: "warm", okCodes: []int{0, 3},
			env: []string{"RETRYLINT_INPROCESS=1"}})
	}
	cs = append(cs,
		config{name: "floor", argv: standalone("floor"), cache: "warm", okCodes: []int{0, 3}},
		config{name: "floor-nofacts", argv: standalone("nofacts"), cache: "warm", okCodes: []int{0, 3}},
		config{name: "retrylint no analyzers", argv: noAnalyzers, cache: "warm", okCodes: []int{0}, env: []string{"RETRYLINT_CACHE=off"}},
	)
	if !*novet {
		cs = append(cs,
			config{name: "vet cold", argv: vet(""), cache: "cold", okCodes: []int{0, 1}},
			config{name: "vet-retrylint cold", argv: vet("retrylint"), cache: "cold", okCodes: []int{0, 1}},
			config{name: "vet warm", argv: vet(""), cache: "warm", okCodes: []int{0, 1}},
			config{name: "vet-retrylint warm", argv: vet("retrylint"), cache: "warm", okCodes: []int{0, 1}},
		)
	}
	return cs
}

// flagName is a configuration's name as -configs spells it.
func flagName(name string) string { return strings.ReplaceAll(name, " ", "-") }

// selectConfigs returns the configurations of cs that list (a -configs
// value) names, in their usual order; all of them when list is empty. A
// name that no configuration has is an error: a typo would otherwise
// measure nothing.
func selectConfigs(cs []config, list string) ([]config, error) {
	if list == "" {
		return cs, nil
	}
	want := make(map[string]bool)
	for _, name := range strings.Split(list, ",") {
		want[strings.TrimSpace(name)] = true
	}
	var out []config
	for _, c := range cs {
		if want[flagName(c.name)] {
			out = append(out, c)
			delete(want, flagName(c.name))
		}
	}
	if len(want) > 0 {
		var names, known []string
		for name := range want {
			names = append(names, name)
		}
		for _, c := range cs {
			known = append(known, flagName(c.name))
		}
		slices.Sort(names)
		return nil, fmt.Errorf("-configs: no configuration %s (with these flags: %s)", strings.Join(names, ", "), strings.Join(known, ", "))
	}
	return out, nil
}

// A sample is one measured run.
type sample struct {
	wall, cpu time.Duration
	rssKB     int64 // the largest process's peak
	treeKB    int64 // the peak of the process tree's sum, as sampled
}

func run(args []string) error {
	root := modroot.Dir()
	work, err := os.MkdirTemp("", "retrylint-bench-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Println("work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}
	var inputs []input
	for _, a := range args {
		in, err := parseInput(root, a)
		if err != nil {
			return err
		}
		if in.module != "" {
			if in.dir, err = fetch(work, in.module); err != nil {
				return err
			}
		}
		// Only a module's copy is edited, never this repository's files.
		if in.module != "" {
			if err := chooseEdit(&in); err != nil {
				return err
			}
		}
		inputs = append(inputs, in)
	}

	bin := map[string]string{
		"retrylint": filepath.Join(work, "bin", "retrylint"),
		"floor":     filepath.Join(work, "bin", "floor"),
		"nofacts":   filepath.Join(work, "bin", "floor-nofacts"),
	}
	for name, pkg := range map[string]string{
		"retrylint": "./cmd/retrylint",
		"floor":     "./internal/bench/floor/facts",
		"nofacts":   "./internal/bench/floor/nofacts",
	} {
		if out, err := command(root, nil, "go", "build", "-o", bin[name], pkg).CombinedOutput(); err != nil {
			return fmt.Errorf("building %s: %v\n%s", pkg, err, out)
		}
	}

	// The template: everything compiled, no vet result.
	template := filepath.Join(work, "gocache-compiled")
	for _, in := range inputs {
		argv := append([]string{"go", "list", "-e", "-export", "-deps", fmt.Sprintf("-test=%t", *tests)}, in.patterns...)
		cmd := command(in.dir, []string{"GOCACHE=" + template}, argv...)
		cmd.Stdout = nil
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("compiling %s into the template cache: %v\n%s", in.name, err, tail(out))
		}
	}
	warm := filepath.Join(work, "gocache-warm")
	if err := linkTree(template, warm); err != nil {
		return err
	}

	printMachine()
	fmt.Printf("rounds: %d, test packages: %t\n\n", *rounds, *tests)
	for _, in := range inputs {
		cs, err := selectConfigs(configs(), *only)
		if err != nil {
			return err
		}
		cs = slices.DeleteFunc(cs, func(c config) bool { return c.edit && in.edit == "" })
		// One untimed run of each warm configuration fills the warm cache.
		for _, c := range cs {
			if c.cache == "warm" {
				if _, err := measure(c, bin, in, warm); err != nil {
					return err
				}
			}
		}
		samples := make([][]sample, len(cs))
		for r := 0; r < *rounds; r++ {
			for i, c := range cs {
				cache := warm
				if c.cache == "cold" {
					cache = filepath.Join(work, fmt.Sprintf("gocache-cold-%d", r))
					os.RemoveAll(cache)
					os.RemoveAll(resultCache(cache))
					if err := linkTree(template, cache); err != nil {
						return err
					}
				}
				if c.edit {
					if err := editFile(in.edit); err != nil {
						return err
					}
				}
				s, err := measure(c, bin, in, cache)
				if err != nil {
					return err
				}
				if c.cache == "cold" {
					os.RemoveAll(cache)
					os.RemoveAll(resultCache(cache))
				}
				samples[i] = append(samples[i], s)
			}
		}
		report(in, cs, samples)
		if in.editNote != "" {
			fmt.Printf("Edit: %s.\n\n", in.editNote)
		}
		printLoad()
	}
	return nil
}

// resultCache returns the directory of retrylint's result cache that goes
// with the build cache gocache.
func resultCache(gocache string) string { return gocache + "-retrylint" }

// measure runs one configuration once and checks that it ran to the end.
func measure(c config, bin map[string]string, in input, gocache string) (sample, error) {
	argv := c.argv(bin, in)
	cmd := command(in.dir, append([]string{"GOCACHE=" + gocache, "RETRYLINT_CACHE=" + resultCache(gocache)}, c.env...), argv...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Start()
	var treeKB int64
	if err == nil {
		done := make(chan struct{})
		peak := make(chan int64)
		go func() { peak <- sampleTree(cmd.Process.Pid, done) }()
		err = cmd.Wait()
		close(done)
		treeKB = <-peak
	}
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		return sample{}, fmt.Errorf("%s on %s: %v", c.name, in.name, err)
	}
	code := cmd.ProcessState.ExitCode()
	text := out.String()
	if !slices.Contains(c.okCodes, code) || strings.Contains(text, "panic:") || strings.Contains(text, "internal error") {
		return sample{}, fmt.Errorf("%s on %s: exit status %d (%s)\n%s", c.name, in.name, code, strings.Join(argv, " "), tail(out.Bytes()))
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{
		wall:   wall,
		cpu:    cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(),
		rssKB:  ru.Maxrss, // kilobytes on Linux
		treeKB: max(treeKB, ru.Maxrss),
	}, nil
}

// sampleTree returns the peak, over samples taken every 50ms until done is
// closed, of the summed resident memory of the process pid and its
// descendants (0 where /proc cannot be read).
func sampleTree(pid int, done <-chan struct{}) int64 {
	var peak int64
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	page := int64(os.Getpagesize()) / 1024
	for {
		select {
		case <-done:
			return peak
		case <-tick.C:
		}
		entries, err := os.ReadDir("/proc")
		if err != nil {
			return 0
		}
		parent := make(map[int]int)
		rss := make(map[int]int64)
		for _, e := range entries {
			p, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			data, err := os.ReadFile("/proc/" + e.Name() + "/stat")
			if err != nil {
				continue
			}
			// Fields after the command, which is in parentheses: state,
			// ppid, ..., rss (the 24th field of the line, in pages).
			i := bytes.LastIndexByte(data, ')')
			if i < 0 {
				continue
			}
			f := strings.Fields(string(data[i+1:]))
			if len(f) < 22 {
				continue
			}
			pp, _ := strconv.Atoi(f[1])
			pages, _ := strconv.ParseInt(f[21], 10, 64)
			parent[p], rss[p] = pp, pages*page
		}
		var sum int64
		for p, kb := range rss {
			for q := p; q > 1; q = parent[q] {
				if q == pid {
					sum += kb
					break
				}
			}
		}
		peak = max(peak, sum)
	}
}

func report(in input, cs []config, samples [][]sample) {
	med := make([]sample, len(cs))
	for i, ss := range samples {
		med[i] = median(ss)
	}
	index := func(name string) int { return slices.IndexFunc(cs, func(c config) bool { return c.name == name }) }
	// A ratio to a configuration that did not run (-configs) is blank.
	per := func(i int, f func(sample) float64) string {
		if i < 0 {
			return ""
		}
		return fmt.Sprintf("%.2f", f(med[i]))
	}
	floor := index("floor")
	fmt.Printf("### %s (%s in %s)\n\n", in.name, strings.Join(in.patterns, " "), in.dir)
	fmt.Println("| configuration | wall | CPU | peak RSS, largest process | peak RSS, all processes | wall / floor | CPU / floor | RSS (all) / floor | vs default vet (wall, CPU) |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for i, c := range cs {
		m := med[i]
		vs := ""
		if strings.HasPrefix(c.name, "vet-retrylint") {
			if d := index(strings.Replace(c.name, "vet-retrylint", "vet", 1)); d >= 0 {
				vs = fmt.Sprintf("%.2f, %.2f", ratio(m.wall, med[d].wall), ratio(m.cpu, med[d].cpu))
			}
		}
		fmt.Printf("| %s | %s | %s | %d MB | %d MB | %s | %s | %s | %s |\n", c.name,
			m.wall.Round(10*time.Millisecond), m.cpu.Round(10*time.Millisecond), m.rssKB/1024, m.treeKB/1024,
			per(floor, func(f sample) float64 { return ratio(m.wall, f.wall) }),
			per(floor, func(f sample) float64 { return ratio(m.cpu, f.cpu) }),
			per(floor, func(f sample) float64 { return float64(m.treeKB) / float64(f.treeKB) }), vs)
	}
	fmt.Println()
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

// median takes the median of each figure separately.
func median(ss []sample) sample {
	pick := func(f func(sample) int64) int64 {
		vs := make([]int64, len(ss))
		for i, s := range ss {
			vs[i] = f(s)
		}
		slices.Sort(vs)
		if len(vs)%2 == 1 {
			return vs[len(vs)/2]
		}
		return (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2
	}
	return sample{
		wall:   time.Duration(pick(func(s sample) int64 { return int64(s.wall) })),
		cpu:    time.Duration(pick(func(s sample) int64 { return int64(s.cpu) })),
		rssKB:  pick(func(s sample) int64 { return s.rssKB }),
		treeKB: pick(func(s sample) int64 { return s.treeKB }),
	}
}

func command(dir string, env []string, argv ...string) *exec.Cmd {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false")
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// linkTree makes dst a copy of the build cache src whose entries are hard
// links (the go command never rewrites a cache entry in place; it writes a new
// file and renames it), and whose top-level files are real copies.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if filepath.Dir(rel) != "." {
			return os.Link(p, target)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

func printMachine() {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
				break
			}
		}
	}
	goVersion, _ := exec.Command("go", "env", "GOVERSION").Output()
	fmt.Printf("machine: %s/%s, %d CPUs (%s), %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), model, strings.TrimSpace(string(goVersion)))
	printLoad()
}

// printLoad prints the load average: above the number of CPUs, other work
// competes for them and wall times stretch (CPU times much less).
func printLoad() {
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		fields := strings.Fields(string(data))
		if len(fields) >= 3 {
			fmt.Printf("load average: %s %s %s\n", fields[0], fields[1], fields[2])
		}
	}
}

func tail(b []byte) string {
	const max = 4000
	if len(b) > max {
		return "..." + string(b[len(b)-max:])
	}
	return string(b)
}
