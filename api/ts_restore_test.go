package api_test

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"strings"
	stdsync "sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tindal/tindal/checklist"
)

// The TypeScript client's restore example (clients/ts/examples/restore.ts)
// survives a restore of the server's database: the database is backed up
// before the example starts; the example signs in, pushes an inspection
// and pulls until acked_seq covers it; then the backup is restored into a
// new database, the server restarted on it at the same address, and a
// registrar edits the vessel; the example syncs again and must sign in
// anew, resend what it kept on 410 epoch_changed, and end with the
// inspection, the edit and acked_seq back (docs/SYNC.md §6.10).
func TestTypeScriptClientSurvivesARestore(t *testing.T) {
	dir := tsClient(t)
	noCasts(t, dir, "examples/restore.ts")

	h1 := newHarness(t)
	dump := pgDump(t, h1.db)
	front := newSwitchableFront(t, h1)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "dist/examples/restore.js")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TINDAL_URL="+front.url, "TINDAL_EMAIL=inspector@test.tindal", "TINDAL_PASSWORD="+testPassword,
		"TINDAL_VESSEL_ID="+h1.ids["vessel-KARWAR"].String(), "TINDAL_TEMPLATE_ID="+checklist.TemplateID("ka-form2-annex", 1).String(),
		"TINDAL_EXPECT_VESSEL_NAME=Karwar Empress")
	stdin, err := cmd.StdinPipe()
	h1.must(err)
	stdout, err := cmd.StdoutPipe()
	h1.must(err)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	h1.must(cmd.Start())
	waiting := make(chan struct{})
	var out strings.Builder
	var reading stdsync.WaitGroup
	reading.Add(1)
	go func() {
		defer reading.Done()
		s := bufio.NewScanner(stdout)
		for s.Scan() {
			out.WriteString(s.Text() + "\n")
			if s.Text() == "WAITING_FOR_RESTORE" {
				close(waiting)
			}
		}
	}()
	select {
	case <-waiting:
	case <-ctx.Done():
		t.Fatalf("the example never reached the restore: %s", stderr.String())
	}

	h2 := newHarnessWith(t, harnessOptions{db: pgRestore(t, dump), restart: h1})
	front.switchTo(t, h2)
	editVessel(h2, h1.ids["vessel-KARWAR"], "Karwar Empress")
	_, _ = io.WriteString(stdin, "restored\n")
	_ = stdin.Close()
	err = cmd.Wait()
	reading.Wait()
	t.Logf("restore example:\n%s%s", out.String(), stderr.String())
	if err != nil {
		t.Fatalf("the example failed across the restore: %v", err)
	}
}

// switchableFront is one address in front of the server of the moment:
// a restart on the restored database takes over the same URL, as behind a
// load balancer.
type switchableFront struct {
	url    string
	target atomic.Pointer[url.URL]
}

func newSwitchableFront(t *testing.T, h *harness) *switchableFront {
	f := &switchableFront{}
	f.switchTo(t, h)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	h.must(err)
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		r.SetURL(f.target.Load())
		r.Out.Host = r.In.Host
	}}
	srv := &http.Server{Handler: proxy, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	f.url = "http://" + ln.Addr().String()
	return f
}

// switchTo starts h's server on a listener of its own and sends every
// later request to it.
func (f *switchableFront) switchTo(t *testing.T, h *harness) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	h.must(err)
	go func() { _ = h.app.Listener(ln) }()
	t.Cleanup(func() { _ = h.app.Shutdown() })
	f.target.Store(&url.URL{Scheme: "http", Host: ln.Addr().String()})
}
