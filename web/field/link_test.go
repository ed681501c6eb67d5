package field_test

import (
	"io"
	"net"
	"strings"
	stdsync "sync"
	"testing"
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
}

// newLink relays to the server at serverURL (http://host:port).
func newLink(t *testing.T, serverURL string) *link {
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

func (l *link) relay(c net.Conn) {
	s, err := net.Dial("tcp", l.target)
	if err != nil {
		_ = c.Close()
		return
	}
	l.mu.Lock()
	l.conns[s] = true
	l.mu.Unlock()
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(s, io.TeeReader(c, l)); done <- struct{}{} }()
	go func() { _, _ = io.Copy(c, s); done <- struct{}{} }()
	<-done
	_ = c.Close()
	_ = s.Close()
	l.mu.Lock()
	delete(l.conns, c)
	delete(l.conns, s)
	l.mu.Unlock()
}

// Write records bytes the browser sent.
func (l *link) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent = append(l.sent, b...)
	return len(b), nil
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
