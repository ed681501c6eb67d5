package api

import (
	"io"
	"net"
	"time"

	"github.com/gofiber/fiber/v2"
)

// Timeouts are the HTTP server's limits; zero fields take the defaults.
type Timeouts struct {
	// Read bounds reading a whole request, head and body, on every route
	// but the uploads (default 60 s).
	Read time.Duration
	// Write bounds writing a response (default 60 s).
	Write time.Duration
	// Idle is how long a keep-alive connection may wait for its next
	// request (default 6 minutes).
	Idle time.Duration
	// UploadIdle is how long an upload body may go without a byte: the
	// upload routes have no deadline for the whole body (default 60 s).
	UploadIdle time.Duration
}

// Defaults. A photo of 2 MiB needs about 420 s at 40 kbit/s (2G), so no
// total deadline can fit every upload: upload bodies are cut only after
// UploadIdle without progress. The idle keep-alive is longer than the
// 5 minutes OkHttp (Android) and URLSession keep a pooled connection, so
// that the phone, not the server, closes an idle connection: a request
// written on a connection the server has just closed would fail at once.
const (
	DefaultReadTimeout  = 60 * time.Second
	DefaultWriteTimeout = 60 * time.Second
	DefaultIdleTimeout  = 6 * time.Minute
	DefaultUploadIdle   = 60 * time.Second
)

func (t Timeouts) withDefaults() Timeouts {
	if t.Read <= 0 {
		t.Read = DefaultReadTimeout
	}
	if t.Write <= 0 {
		t.Write = DefaultWriteTimeout
	}
	if t.Idle <= 0 {
		t.Idle = DefaultIdleTimeout
	}
	if t.UploadIdle <= 0 {
		t.UploadIdle = DefaultUploadIdle
	}
	return t
}

// progressBody is an upload's streamed body whose connection deadline
// moves on with every read: fasthttp's ReadTimeout is set once, when the
// request starts, for the whole request; here each read may wait idle
// for the next bytes however long the body has taken so far. fasthttp
// sets its own deadline again before the connection's next request.
func progressBody(c *fiber.Ctx, idle time.Duration) io.Reader {
	body := requestBody(c)
	conn := c.Context().Conn()
	if conn == nil || c.Context().RequestBodyStream() == nil {
		return body
	}
	return &deadlineReader{r: body, conn: conn, idle: idle}
}

type deadlineReader struct {
	r    io.Reader
	conn net.Conn
	idle time.Duration
}

func (d *deadlineReader) Read(p []byte) (int, error) {
	_ = d.conn.SetReadDeadline(time.Now().Add(d.idle)) //nolint:errcheck // a closed conn fails the next read
	return d.r.Read(p)
}
