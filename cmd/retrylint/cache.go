package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"go/types"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/objectpath"
)

// The result cache keeps, for each package analysed, its facts and (for a
// package named on the command line) its findings, under a key of
// everything they depend on: the retrylint binary, the go command's
// version and target, the build tags, the analyzers and their flags, the
// package's files (names and contents) and the keys of the packages it
// imports. A run finds a package's results there only when none of these
// changed, so what it prints is what analysing again would print.
//
// The cache lives in the user's cache directory (retrylint, beside
// go-build), or in $RETRYLINT_CACHE; RETRYLINT_CACHE=off turns it off.
// Entries not used for five days are removed, once a day, as the go
// command trims its build cache. Only the binary's own analyzers are
// cached: their behaviour is fixed by the binary, which the key names.

// A cacheKey names the results of one package.
type cacheKey [sha256.Size]byte

const (
	cacheTrimInterval = 24 * time.Hour
	cacheMaxUnused    = 5 * 24 * time.Hour
	cacheTouchAfter   = time.Hour // a used entry's time is updated at most this often
)

// resultCache is the cache's directory.
type resultCache struct{ dir string }

// openCache returns the cache, or nil when it is off or has no directory.
func openCache() *resultCache {
	dir := os.Getenv("RETRYLINT_CACHE")
	switch dir {
	case "off":
		return nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "retrylint")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil
	}
	c := &resultCache{dir: dir}
	c.trim()
	return c
}

// file returns the file of an entry: one holding findings too (full), or
// facts only.
func (c *resultCache) file(key cacheKey, full bool) string {
	name := hex.EncodeToString(key[:])
	if full {
		name += "-a"
	} else {
		name += "-f"
	}
	return filepath.Join(c.dir, name[:2], name)
}

// get returns the entry of key, or nil. An entry with facts only will not
// do when full is asked for; one with findings too does for either.
func (c *resultCache) get(key cacheKey, full bool) *cacheEntry {
	for _, f := range []bool{full, true} {
		name := c.file(key, f)
		data, err := os.ReadFile(name)
		if err != nil {
			continue
		}
		e := new(cacheEntry)
		if gob.NewDecoder(bytes.NewReader(data)).Decode(e) != nil {
			continue
		}
		if fi, err := os.Stat(name); err == nil && time.Since(fi.ModTime()) > cacheTouchAfter {
			now := time.Now()
			os.Chtimes(name, now, now)
		}
		return e
	}
	return nil
}

// put stores an entry. Failing to is not an error: the next run analyses
// again.
func (c *resultCache) put(key cacheKey, full bool, e *cacheEntry) {
	var buf bytes.Buffer
	if gob.NewEncoder(&buf).Encode(e) != nil {
		return
	}
	name := c.file(key, full)
	if os.MkdirAll(filepath.Dir(name), 0o777) != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".tmp-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
}

// trim removes the entries unused for cacheMaxUnused, at most once per
// cacheTrimInterval.
func (c *resultCache) trim() {
	stamp := filepath.Join(c.dir, "trim.txt")
	if fi, err := os.Stat(stamp); err == nil && time.Since(fi.ModTime()) < cacheTrimInterval {
		return
	}
	filepath.WalkDir(c.dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == stamp {
			return nil
		}
		if fi, err := d.Info(); err == nil && time.Since(fi.ModTime()) > cacheMaxUnused {
			os.Remove(path)
		}
		return nil
	})
	os.WriteFile(stamp, []byte(time.Now().Format(time.RFC3339)+"\n"), 0o666)
}

// A cacheEntry is what the cache holds for one package.
type cacheEntry struct {
	Facts []cachedFact
	Diags map[string][]jsonDiagnostic // by analyzer, for a package named
	Sizes map[string]int              // of the files its fixes edit, as analysed
}

// A cachedFact is a fact on an object, named by its objectpath, or on the
// package (Package).
type cachedFact struct {
	Analyzer string
	Package  bool
	Path     objectpath.Path
	Fact     analysis.Fact

	obj types.Object // the object, when the entry was made in this run
}

// newCacheEntry returns the entry of an analysed node: its facts on objects
// that objectpath names (the others no other package can find), its
// findings and the sizes of the files they edit. ok is false when an
// analyzer failed: such a result is not kept.
func newCacheEntry(n *node) (e *cacheEntry, ok bool) {
	e = &cacheEntry{Diags: make(map[string][]jsonDiagnostic), Sizes: n.sizes}
	var enc objectpath.Encoder
	for k, fact := range n.facts.objects {
		if path, err := enc.For(k.obj); err == nil {
			e.Facts = append(e.Facts, cachedFact{Analyzer: k.analyzer.Name, Path: path, Fact: fact, obj: k.obj})
		}
	}
	for k, fact := range n.facts.packages {
		e.Facts = append(e.Facts, cachedFact{Analyzer: k.analyzer.Name, Package: true, Fact: fact})
	}
	ok = true
	for a, res := range n.results {
		if res.err != nil {
			ok = false
		}
		if len(res.diags) > 0 {
			e.Diags[a.Name] = res.diags
		}
	}
	return e, ok
}

// factStore returns the entry's facts on pkg, the package it was made
// from.
func (e *cacheEntry) factStore(as *analyzerSet, pkg *types.Package) *factStore {
	s := newFactStore()
	for _, f := range e.Facts {
		a := as.byName[f.Analyzer]
		if a == nil {
			continue
		}
		typ := reflect.TypeOf(f.Fact)
		if f.Package {
			s.packages[packageFactKey{a, typ}] = f.Fact
			continue
		}
		obj := f.obj
		if obj == nil {
			var err error
			if obj, err = objectpath.Object(pkg, f.Path); err != nil {
				continue
			}
		}
		s.objects[objectFactKey{a, obj, typ}] = f.Fact
	}
	return s
}

// addTo adds the entry's findings to the tree, under the package's ID.
func (e *cacheEntry) addTo(tree jsonTree, id string) {
	for name, diags := range e.Diags {
		tree.add(id, name, &jsonResult{diags: diags})
	}
}

// globalKey returns what every key of a run holds: the binary, the go
// command's version and target, the tags, and the analyzers with their
// flags.
func globalKey(opts *options) []byte {
	h := sha256.New()
	fmt.Fprintf(h, "retrylint result cache 1\n%x\n", toolID())
	out, _ := exec.Command("go", "env", "GOVERSION", "GOROOT", "GOOS", "GOARCH", "GOAMD64", "GOARM64",
		"CGO_ENABLED", "GOEXPERIMENT", "GOFLAGS").Output()
	h.Write(out)
	fmt.Fprintf(h, "tags %q\n", opts.tags)
	for _, a := range opts.analyzers {
		fmt.Fprintf(h, "analyzer %s\n", a.Name)
	}
	for _, f := range opts.analyzerFlags {
		fmt.Fprintf(h, "flag %q\n", f)
	}
	return h.Sum(nil)
}

// toolID returns a digest of the running binary.
var toolID = sync.OnceValue(func() []byte {
	h := sha256.New()
	exe, err := os.Executable()
	if err == nil {
		var f *os.File
		if f, err = os.Open(exe); err == nil {
			_, err = io.Copy(h, f)
			f.Close()
		}
	}
	if err != nil {
		// Unknown: a key no other run shares.
		fmt.Fprintf(h, "%d %d", os.Getpid(), time.Now().UnixNano())
	}
	return h.Sum(nil)
})

// computeKeys sets the key of each node.
func (g *graph) computeKeys() {
	var names []string
	for _, n := range g.nodes {
		if n.fromSource {
			names = append(names, n.p.CompiledGoFiles...)
		}
	}
	g.digests = hashFiles(names)
	for _, n := range g.nodes {
		h := sha256.New()
		h.Write(g.global)
		fmt.Fprintf(h, "package %q %q %q\n", n.p.ID, n.p.PkgPath, n.p.Name)
		if n.fromSource {
			if m := n.p.Module; m != nil {
				fmt.Fprintf(h, "go %q\n", m.GoVersion)
			}
			fmt.Fprintf(h, "sizes %v\n", n.p.TypesSizes)
			for _, name := range n.p.CompiledGoFiles {
				fmt.Fprintf(h, "file %q %x\n", name, g.digests[name])
			}
		} else {
			fmt.Fprintf(h, "export data\n")
		}
		for _, d := range n.deps {
			fmt.Fprintf(h, "import %q %x\n", d.p.ID, d.key)
		}
		h.Sum(n.key[:0])
	}
}

// hashFiles returns the SHA-256 of each file, read several at once. A file
// that cannot be read has no digest: the run will fail on it anyway.
func hashFiles(names []string) map[string][]byte {
	slices.Sort(names)
	names = slices.Compact(names)
	digests := make(map[string][]byte, len(names))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan string)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for name := range next {
				data, err := os.ReadFile(name)
				if err != nil {
					continue
				}
				sum := sha256.Sum256(data)
				mu.Lock()
				digests[name] = sum[:]
				mu.Unlock()
			}
		})
	}
	for _, name := range names {
		next <- name
	}
	close(next)
	wg.Wait()
	return digests
}

// logAnalysed appends to the file log the ID of a package analysed, with
// " (facts)" when only its facts were asked for. Errors are ignored: the
// log is only a count, for the tests and internal/bench.
func logAnalysed(log, id string, factsOnly bool) {
	line := id
	if factsOnly {
		line += " (facts)"
	}
	f, err := os.OpenFile(log, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return
	}
	f.WriteString(line + "\n")
	f.Close()
}
