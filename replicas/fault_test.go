package replicas

import (
	"io"
	"net/http"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestReplicasKilledWhilePhonesWork: three phones keep pushing through
// HAProxy while replica A is killed (SIGKILL) in the middle of the pushes
// and replica B is stopped (SIGTERM) in the middle of a photo's upload
// sent to it. The phones see only answers they retry (502 or a cut
// connection for the push A was serving, then the other replicas); every
// mutation is applied exactly once; the photo's bytes that reached B are
// kept and the upload, resumed through the proxy, verifies. Both replicas
// are started again afterwards.
func TestReplicasKilledWhilePhonesWork(t *testing.T) {
	a, b := set.replicas[0], set.replicas[1]
	defer restart(t, a, b)
	img, err := os.ReadFile("../photo/testdata/gps_karwar.jpg")
	must(t, err)
	img = append(img, make([]byte, 1<<20)...) // a photo of a phone's size (bytes after the JPEG's end are kept, not read)
	up := newPhone(t, set.proxy.base(), "inspector3@replicas.test", "fault-upload", 1, img)
	up.pushUntilFinal(t, set.proxy.base(), up.queue)

	before, err := a.metric("tindal_push_results_total")
	must(t, err)
	l := startLoad(t, "fault", 3)
	await(t, "pushes served by A", 30*time.Second, func() bool {
		n, err := a.metric("tindal_push_results_total")
		return err == nil && n > before+5
	})
	// Mid-push: a push holds its device's advisory lock in one of A's
	// sessions while it runs.
	await(t, "a push running on A", 30*time.Second, func() bool {
		var n int64
		must(t, set.db.Gorm.Raw(`SELECT count(*) FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid
			WHERE s.application_name = 'tindal-A' AND l.locktype = 'advisory' AND l.granted`).Scan(&n).Error)
		return n > 0
	})
	a.stop(syscall.SIGKILL)

	// The upload: planned through the proxy, half its bytes sent to B in
	// a PATCH whose body is still arriving when B is told to stop.
	id := up.photo.String()
	plan := set.do(set.proxy.base(), "POST", "/v1/photos", up.token, map[string]any{"id": id, "sha256": sum(img), "size": len(img),
		"content_type": "image/jpeg", "method": "resumable"})
	if plan.status != 200 {
		t.Fatalf("plan: %d %s", plan.status, plan.body)
	}
	pr, pw := io.Pipe()
	req, _ := http.NewRequest("PATCH", b.base()+"/v1/photos/"+id+"/content", pr)
	req.Header.Set("Authorization", "Bearer "+up.token)
	req.Header.Set("Content-Type", "application/offset+octet-stream")
	req.Header.Set("Upload-Offset", "0")
	req.ContentLength = int64(len(img))
	answered := make(chan answer, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- answer{err: err}
			return
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		answered <- answer{status: res.StatusCode, body: body, err: err}
	}()
	half := len(img) / 2
	_, _ = pw.Write(img[:half])
	await(t, "B receiving the photo", 15*time.Second, func() bool {
		var n int64
		must(t, set.db.Gorm.Raw(`SELECT count(*) FROM photo_uploads WHERE photo_id = ? AND writer IS NOT NULL`, id).Scan(&n).Error)
		return n == 1
	})
	stopped := b.signal(syscall.SIGTERM)
	// B stops accepting and drains: the upload in flight goes on.
	_, _ = pw.Write(img[half:])
	_ = pw.Close()
	res := <-answered
	<-stopped
	if res.err != nil || res.status != 200 {
		t.Errorf("the PATCH B was receiving when told to stop: %d %s %v, want 200 (drained)", res.status, res.body, res.err)
	}
	view := set.do(set.proxy.base(), "GET", "/v1/photos/"+id, up.token, nil)
	if view.status != 200 || view.json()["state"] != "verified" {
		t.Errorf("the photo through the proxy after B stopped: %d %s", view.status, view.body)
	}

	// A few more rounds on C alone, then the check.
	rounds := l.rounds.Load()
	await(t, "phones working on C alone", 30*time.Second, func() bool { return l.rounds.Load() >= rounds+3 })
	phones := l.end(t)
	if got := answers(phones); got["502"]+got["transport"]+got["503"] == 0 {
		t.Errorf("no phone saw its push cut by the kill: answers %v", got)
	}
	t.Logf("%d phones; answers %v", len(phones), answers(phones))
}

// restart starts stopped replicas again (the same binary and settings)
// and waits until HAProxy sees every replica up.
func restart(t *testing.T, rs ...*replica) {
	errs := make(chan error, len(rs))
	for _, r := range rs {
		go func() {
			if r.running() {
				errs <- nil
				return
			}
			errs <- r.start(set.env)
		}()
	}
	for range rs {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if err := set.proxy.awaitUp(len(set.replicas), 30*time.Second); err != nil {
		t.Fatal(err)
	}
}
