// Package dedup holds retried POSTs whose body the receiving server
// deduplicates: an alert event that carries PagerDuty's dedup_key,
// Opsgenie's alias or Splunk On-Call's entity_id, set to a value that is the
// same on every attempt, a Loki push request, and a Prometheus remote-write
// request. Their retries update what the first attempt made, or add
// nothing, so they need no Idempotency-Key. The body is
// followed through encoders (json.Marshal, a json.Encoder writing into a
// buffer, proto.Marshal, snappy.Encode), the package's own functions that
// make it, and helpers that take it as a parameter. A member with another
// JSON name, one never set, one made anew on every attempt, and a body that
// may be plain are reported.
package dedup

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/gogo/protobuf/proto"
	"github.com/golang/snappy"
	"github.com/google/uuid"
	"github.com/grafana/loki/pkg/push"
)

var errFailed = errors.New("failed")

// postJSON sends one POST of body; the loops below retry it.
func postJSON(ctx context.Context, hc *http.Client, url string, body io.Reader) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// --- quiet: the server folds a repeat into what the first attempt made ---

type pagerEvent struct {
	RoutingKey  string `json:"routing_key"`
	EventAction string `json:"event_action"`
	DedupKey    string `json:"dedup_key,omitempty"`
}

// A struct whose dedup_key is set, marshalled and sent by NewRequest in
// the loop.
func triggerPage(ctx context.Context, hc *http.Client, url, groupKey string) error {
	b, err := json.Marshal(pagerEvent{RoutingKey: "r", EventAction: "trigger", DedupKey: groupKey})
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(b))
		if err != nil {
			return err
		}
		if resp, err := hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A map with entity_id, encoded into a buffer by a function of the
// package, sent by a helper.
func incidentPayload(groupKey, state string) (*bytes.Buffer, error) {
	msg := map[string]string{
		"message_type": state,
		"entity_id":    groupKey,
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(msg); err != nil {
		return nil, err
	}
	return &buf, nil
}

func openIncident(ctx context.Context, hc *http.Client, url, groupKey string) error {
	for attempt := 0; attempt < 3; attempt++ {
		buf, err := incidentPayload(groupKey, "CRITICAL")
		if err != nil {
			return err
		}
		if err := postJSON(ctx, hc, url, buf); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// alias set by an index assignment, the body posted by http.Post.
func createAlert(url, groupKey string) error {
	msg := map[string]any{"message": "disk full"}
	msg["alias"] = groupKey
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if resp, err := http.Post(url, "application/json", bytes.NewReader(b)); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A Loki push request, protobuf-encoded and compressed by functions of the
// package, sent by a method that takes the payload.
type pusher struct {
	url string
	hc  *http.Client
}

func (p *pusher) buildPayload(line string) ([]byte, error) {
	req := &push.PushRequest{Streams: []push.Stream{{
		Labels:  `{job="canary"}`,
		Entries: []push.Entry{{Timestamp: time.Now(), Line: line}},
	}}}
	return p.serialize(req)
}

func (p *pusher) serialize(req *push.PushRequest) ([]byte, error) {
	payload, err := proto.Marshal(req)
	if err != nil {
		return []byte{}, fmt.Errorf("marshal push: %w", err) // a failure: not sent
	}
	payload = snappy.Encode(nil, payload)
	return payload, nil
}

func (p *pusher) send(ctx context.Context, payload []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-protobuf")
	resp, err := p.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (p *pusher) run(ctx context.Context, line string) error {
	payload, err := p.buildPayload(line)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 5; attempt++ {
		if err := p.send(ctx, payload); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// --- reported: nothing in the body is deduplicated ---

type chatMessage struct {
	Text string `json:"text"`
	// DedupKey is sent under another JSON name, which no server keys on.
	DedupKey string `json:"summary"`
}

func postChat(ctx context.Context, hc *http.Client, url, groupKey string) error {
	b, err := json.Marshal(chatMessage{Text: "disk full", DedupKey: groupKey})
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if err := postJSON(ctx, hc, url, bytes.NewReader(b)); err == nil { // want `POST sent by postJSON is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// unsetEvent has a dedup_key the package never sets: omitted, it keys
// nothing.
type unsetEvent struct {
	Summary  string `json:"summary"`
	DedupKey string `json:"dedup_key,omitempty"`
}

func triggerUnkeyed(ctx context.Context, hc *http.Client, url string) error {
	b, err := json.Marshal(unsetEvent{Summary: "disk full"})
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if err := postJSON(ctx, hc, url, bytes.NewReader(b)); err == nil { // want `POST sent by postJSON is retried`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// An entity_id made anew on every attempt opens a new incident each time.
func openFreshIncident(ctx context.Context, hc *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		b, err := json.Marshal(map[string]string{"entity_id": uuid.NewString()})
		if err != nil {
			return err
		}
		if err := postJSON(ctx, hc, url, bytes.NewReader(b)); err == nil { // want `POST sent by postJSON is retried`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// The body is an alert with an alias or a plain note: the note is not
// deduplicated.
func alertOrNote(url, groupKey string, alert bool) error {
	b, err := json.Marshal(map[string]string{"note": "disk full"})
	if alert {
		b, err = json.Marshal(map[string]string{"alias": groupKey})
	}
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		if resp, err := http.Post(url, "application/json", bytes.NewReader(b)); err == nil { // want `POST by http.Post is retried by a retry loop \(up to 3 attempts\)`
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A body the loop is given: nothing shows what it carries.
func forward(ctx context.Context, hc *http.Client, url string, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := postJSON(ctx, hc, url, bytes.NewReader(body)); err == nil { // want `POST sent by postJSON is retried`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// note's success path returns a plain body (its err may be nil).
func note(text string) ([]byte, error) {
	b, err := json.Marshal(map[string]string{"note": text})
	return b, err
}

func postNote(ctx context.Context, hc *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		b, err := note("disk full")
		if err != nil {
			return err
		}
		if err := postJSON(ctx, hc, url, bytes.NewReader(b)); err == nil { // want `POST sent by postJSON is retried`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// pager sends an event by one of two methods, held in a local variable:
// both carry a deduplication key, so the retry of either is quiet.
type pager struct {
	hc  *http.Client
	url string
	v1  bool
}

func (p *pager) eventV1(ctx context.Context, groupKey string) error {
	b, err := json.Marshal(map[string]string{"incident_key": groupKey})
	if err != nil {
		return err
	}
	return postJSON(ctx, p.hc, p.url, bytes.NewReader(b))
}

func (p *pager) eventV2(ctx context.Context, groupKey string) error {
	b, err := json.Marshal(&pagerEvent{EventAction: "trigger", DedupKey: groupKey})
	if err != nil {
		return err
	}
	return postJSON(ctx, p.hc, p.url, bytes.NewReader(b))
}

func (p *pager) chat(ctx context.Context, text string) error {
	b, err := json.Marshal(map[string]string{"text": text})
	if err != nil {
		return err
	}
	return postJSON(ctx, p.hc, p.url, bytes.NewReader(b))
}

func (p *pager) notify(ctx context.Context, groupKey string) error {
	send := p.eventV2
	if p.v1 {
		send = p.eventV1
	}
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(ctx, groupKey); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// One of the two methods the variable holds posts a plain message.
func (p *pager) notifyOrChat(ctx context.Context, groupKey string, chat bool) error {
	send := p.eventV2
	if chat {
		send = p.chat
	}
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(ctx, groupKey); err == nil { // want `POST sent by \(\*pager\).chat \(through dedup.postJSON\) is retried by a retry loop \(up to 3 attempts\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// A variable whose address is taken may be given anything: not followed.
func (p *pager) notifyHooked(ctx context.Context, text string, hook func(*func(context.Context, string) error)) error {
	send := p.chat
	hook(&send)
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(ctx, text); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// remoteWriteVersion is the header the Prometheus remote-write
// specifications require on every write request.
const remoteWriteVersion = "X-Prometheus-Remote-Write-Version"

// remoteWriter sends remote-write batches, already encoded.
type remoteWriter struct {
	hc  *http.Client
	url string
}

// store sends one batch; storeAll retries it. The request carries the
// remote-write header: receivers store a repeated batch once.
func (w *remoteWriter) store(ctx context.Context, batch []byte, v2 bool) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.url, bytes.NewReader(batch))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Encoding", "snappy")
	if v2 {
		req.Header.Set(remoteWriteVersion, "2.0.0")
	} else {
		req.Header.Set(remoteWriteVersion, "0.1.0")
	}
	resp, err := w.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (w *remoteWriter) storeAll(ctx context.Context, batch []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := w.store(ctx, batch, false); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// storeDirect retries the remote-write request in its own loop: quiet too.
func storeDirect(ctx context.Context, hc *http.Client, url string, batch []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(batch))
		if err != nil {
			return err
		}
		req.Header["X-Prometheus-Remote-Write-Version"] = []string{"0.1.0"}
		if resp, err := hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// storeUnmarked sends the same batch with only its encoding header:
// nothing says the receiver stores a repeat once.
func storeUnmarked(ctx context.Context, hc *http.Client, url string, batch []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(batch)) // want `POST is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		req.Header.Set("Content-Encoding", "snappy")
		if resp, err := hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// uploadChunk writes one chunk of a registry's chunked upload, retried: the
// PATCH says which bytes it carries, so a repeat writes them at the same
// place (or the registry refuses it as out of order), never a second time.
func uploadChunk(ctx context.Context, hc *http.Client, session string, chunk []byte, offset int) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, session, bytes.NewReader(chunk))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/octet-stream")
		req.Header.Set("Content-Range", fmt.Sprintf("%d-%d", offset, offset+len(chunk)-1))
		if resp, err := hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// tusPatch is a tus upload's PATCH, sent by a helper that its caller
// retries: the server refuses a write at an offset that is no longer the
// upload's, so a repeat cannot append the bytes twice.
func tusPatch(ctx context.Context, hc *http.Client, upload string, chunk []byte, offset int64) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, upload, bytes.NewReader(chunk))
	if err != nil {
		return err
	}
	req.Header.Set("Tus-Resumable", "1.0.0")
	req.Header.Set("Upload-Offset", fmt.Sprint(offset))
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func tusUpload(ctx context.Context, hc *http.Client, upload string, chunk []byte, offset int64) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := tusPatch(ctx, hc, upload, chunk, offset); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errFailed
}

// appendChunk sends the same chunk to an append endpoint with no position:
// a repeat appends it again.
func appendChunk(ctx context.Context, hc *http.Client, log string, chunk []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, log, bytes.NewReader(chunk)) // want `PATCH is retried by a retry loop \(up to 3 attempts\) without an Idempotency-Key`
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/octet-stream")
		if resp, err := hc.Do(req); err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return errFailed
}
