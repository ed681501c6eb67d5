package field_test

import (
	"io"
	"net"
	"strings"
	stdsync "sync"
	"testing"
	"time"
)

// link is the phone's network: a TCP relay on loopback between the browser
// and the server that the test cuts and restores. Cut, it closes every
// open connection and refuses new ones, as a phone out of coverage sees;
// the browser gets no answer from anyone (its service worker included,
// which browser-side offline emulation would not cover).
type link struct {
	URL    string
	target string
	ln     net.Listener
	mu     stdsync.Mutex
	down   bool
	conns  map[net.Conn]bool
	sent   []byte // every byte the browser sent, to count what it pushed
	// loseAnswers: while set, a connection that carried a push is closed
	// the moment the server starts answering it, so the server applied the
	// push and the phone never hears it (a server killed after its commit).
	loseAnswers bool
	// rate: when above 0, the bytes per second the browser's side may send
	// (a slow uplink).
	rate int
}

// Throttle lets the browser send at most rate bytes a second (0: no limit).
func (l *link) Throttle(rate int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.rate = rate
}

// slow reads the browser's bytes at the link's rate.
type slow struct {
	l *link
	r io.Reader
}

func (s *slow) Read(b []byte) (int, error) {
	s.l.mu.Lock()
	rate := s.l.rate
	s.l.mu.Unlock()
	if rate <= 0 {
		return s.r.Read(b)
	}
	if len(b) > rate/10 {
		b = b[:rate/10]
	}
	n, err := s.r.Read(b)
	time.Sleep(time.Duration(n) * time.Second / time.Duration(rate))
	return n, err
}

// newLink relays to the server at serverURL (http://host:port).
func newLink(t testing.TB, serverURL string) *link {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := &link{URL: "http://" + ln.Addr().String(), target: strings.TrimPrefix(serverURL, "http://"), ln: ln, conns: map[net.Conn]bool{}}
	go l.serve()
	t.Cleanup(func() {
		_ = ln.Close()
		l.Cut()
	})
	return l
}

func (l *link) serve() {
	for {
		c, err := l.ln.Accept()
		if err != nil {
			return
		}
		l.mu.Lock()
		down := l.down
		if !down {
			l.conns[c] = true
		}
		l.mu.Unlock()
		if down {
			_ = c.Close()
			continue
		}
		go l.relay(c)
	}
}

// To sends the link's new connections to another server (one restarted
// at the same address, as the phone sees it).
func (l *link) To(serverURL string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.target = strings.TrimPrefix(serverURL, "http://")
}

func (l *link) relay(c net.Conn) {
	l.mu.Lock()
	target := l.target
	l.mu.Unlock()
	s, err := net.Dial("tcp", target)
	if err != nil {
		_ = c.Close()
		return
	}
	l.mu.Lock()
	l.conns[s] = true
	l.mu.Unlock()
	done := make(chan struct{}, 2)
	w := &watch{l: l}
	go func() { _, _ = io.Copy(s, io.TeeReader(&slow{l: l, r: c}, w)); done <- struct{}{} }()
	go func() { _, _ = io.Copy(&reply{w: w, c: c}, s); done <- struct{}{} }()
	<-done
	_ = c.Close()
	_ = s.Close()
	l.mu.Lock()
	delete(l.conns, c)
	delete(l.conns, s)
	l.mu.Unlock()
}

// watch records what one connection's browser side sent.
type watch struct {
	l      *link
	mu     stdsync.Mutex
	pushed bool
}

func (w *watch) Write(b []byte) (int, error) {
	if strings.Contains(string(b), "POST /v1/sync/push ") {
		w.mu.Lock()
		w.pushed = true
		w.mu.Unlock()
	}
	return w.l.Write(b)
}

// reply forwards the server's bytes to the browser, unless the link loses
// the answers to pushes.
type reply struct {
	w *watch
	c net.Conn
}

func (a *reply) Write(b []byte) (int, error) {
	a.w.mu.Lock()
	pushed := a.w.pushed
	a.w.mu.Unlock()
	a.w.l.mu.Lock()
	lose := a.w.l.loseAnswers
	a.w.l.mu.Unlock()
	if pushed && lose {
		_ = a.c.Close()
		return 0, io.ErrClosedPipe
	}
	return a.c.Write(b)
}

// LoseAnswers makes the link drop the answers to pushes (or stop).
func (l *link) LoseAnswers(on bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.loseAnswers = on
}

// Write records bytes the browser sent.
func (l *link) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent = append(l.sent, b...)
	return len(b), nil
}

// Forget drops the record of what the browser sent so far.
func (l *link) Forget() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent = nil
}

// Sent counts how often s went from the browser to the server.
func (l *link) Sent(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Count(string(l.sent), s)
}

// Cut takes the network away: every connection is closed, new ones refused.
func (l *link) Cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.down = true
	for c := range l.conns {
		_ = c.Close()
	}
	clear(l.conns)
}

// Restore gives the network back.
func (l *link) Restore() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.down = false
}

// SentText is every byte the browser sent, as text.
func (l *link) SentText() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return string(l.sent)
}
