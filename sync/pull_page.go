package sync

import (
	"bytes"
	"compress/gzip"
	"io"
	"strconv"
	stdsync "sync"
	"time"

	"github.com/google/uuid"
)

// Page budgets (docs/SYNC.md: a page also ends near 256 KiB compressed).
// Without gzip the page ends near 1 MiB of JSON, about as many items.
const (
	gzipBudget     = 256 << 10
	identityBudget = 1 << 20
	// flushEvery bounds how far the compressed size can lag behind what
	// was written, so the budget is checked against real output.
	flushEvery = 32 << 10
)

// Operations of a pull item.
const (
	OpUpsert = "upsert"
	OpDelete = "delete"
	OpRemove = "remove_from_scope"
)

// pullItem is one entry of a page.
type pullItem struct {
	Type     string
	ID       uuid.UUID
	Op       string
	Position int64
	Version  int64
	Data     []byte // JSON, upserts only
}

// pageWriter encodes a page as it is read, gzip-compressed or not, into
// memory: a page is bounded, so the server holds at most one page per pull.
type pageWriter struct {
	out     bytes.Buffer
	gz      *gzip.Writer
	raw     int // uncompressed bytes written
	pending int // uncompressed bytes written since the last flush
	items   int
	scratch []byte
	// compressed stays true once the compressor is released.
	compressed bool
}

// gzipLevel is the pull's compression level: the fastest. An initial pull
// of 10,000 vessels with 30,000 certificates (BenchmarkPullInitialJurisdiction)
// is 2.22 MiB at BestSpeed against 2.17 MiB at the default level (+2.5%,
// about 11 s more at 40 kbit/s, once per phone), and takes 1.7–1.8 s
// against 2.3 s: compression was the largest part of the pull's CPU.
const gzipLevel = gzip.BestSpeed

// gzipWriters are reused: each holds about 800 KB of compressor state,
// which would otherwise be allocated by every pull.
var gzipWriters = stdsync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(io.Discard, gzipLevel) //nolint:errcheck // a valid constant level
	return w
}}

func newPageWriter(compress bool) *pageWriter {
	w := &pageWriter{scratch: make([]byte, 0, 512)}
	if compress {
		w.gz = gzipWriters.Get().(*gzip.Writer)
		w.gz.Reset(&w.out)
	}
	w.write([]byte(`{"items":[`))
	return w
}

func (w *pageWriter) write(b []byte) {
	w.raw += len(b)
	if w.gz == nil {
		w.out.Write(b)
		return
	}
	_, _ = w.gz.Write(b) //nolint:errcheck // writes to a bytes.Buffer cannot fail
	w.pending += len(b)
	if w.pending >= flushEvery {
		_ = w.gz.Flush()
		w.pending = 0
	}
}

// item appends one item.
func (w *pageWriter) item(it pullItem) {
	b := w.scratch[:0]
	if w.items > 0 {
		b = append(b, ',')
	}
	b = append(b, `{"type":`...)
	b = strconv.AppendQuote(b, it.Type)
	b = append(b, `,"id":"`...)
	b = append(b, it.ID.String()...)
	b = append(b, `","op":"`...)
	b = append(b, it.Op...)
	b = append(b, `","position":`...)
	b = strconv.AppendInt(b, it.Position, 10)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, it.Version, 10)
	w.write(b)
	w.scratch = b[:0]
	if it.Data != nil {
		w.write([]byte(`,"data":`))
		w.write(it.Data)
	}
	w.write([]byte{'}'})
	w.items++
}

// full reports whether the page has reached its size budget.
func (w *pageWriter) full() bool {
	if w.gz == nil {
		return w.raw >= identityBudget
	}
	return w.out.Len() >= gzipBudget
}

// pageTail is what follows the items.
type pageTail struct {
	Cursor     string
	HasMore    bool
	Phase      string
	AckedSeq   *int64
	Epoch      string
	ServerTime time.Time
}

// finish writes the tail and returns the encoded page.
func (w *pageWriter) finish(t pageTail) []byte {
	b := append(w.scratch[:0], `],"cursor":`...)
	b = strconv.AppendQuote(b, t.Cursor)
	b = append(b, `,"has_more":`...)
	b = strconv.AppendBool(b, t.HasMore)
	b = append(b, `,"phase":`...)
	b = strconv.AppendQuote(b, t.Phase)
	if t.AckedSeq != nil {
		b = append(b, `,"acked_seq":`...)
		b = strconv.AppendInt(b, *t.AckedSeq, 10)
	}
	b = append(b, `,"epoch":`...)
	b = strconv.AppendQuote(b, t.Epoch)
	b = append(b, `,"protocol_version":`...)
	b = strconv.AppendInt(b, ProtocolVersion, 10)
	b = append(b, `,"server_time":"`...)
	b = t.ServerTime.UTC().AppendFormat(b, time.RFC3339Nano)
	b = append(b, `"}`...)
	w.write(b)
	if w.gz != nil {
		_ = w.gz.Close()
		w.release()
	}
	return w.out.Bytes()
}

// release returns the compressor to the pool; the page must not be
// written after it.
func (w *pageWriter) release() {
	if w.gz != nil {
		w.gz.Reset(io.Discard)
		gzipWriters.Put(w.gz)
		w.gz = nil
		w.compressed = true
	}
}
