package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// TestRestoreDrill is the drill of docs/OPERATIONS.md "Backup and restore",
// with pg_dump and pg_restore: back up, work (pushes, pulls, a registrar's
// edits, a photo uploaded, a sign-in), restore the backup into a new
// database, restart the server on it (the photo bucket is not restored),
// work more. Then every phone converges to the server's state, every
// mutation a phone was ever answered for is held exactly once, the change
// written after the restore reaches the phone (its old cursor answers 410
// epoch_changed instead of an empty page), the photo is verified again and
// downloadable, and no phone keeps a record the server lacks. The phones
// follow docs/SYNC.md §6.10 (drillPhone).
func TestRestoreDrill(t *testing.T) {
	store := testkit.MinIO(t) // one bucket across the restore
	withPhotos := func(d *api.Deps) { d.Photos = photo.New(d.DB, store, photo.Options{}) }
	h1 := newHarnessWith(t, harnessOptions{deps: withPhotos})
	ins := newDrillPhone(h1, "inspector")
	sup := newDrillPhone(h1, "supervisor")
	ins.sync()
	sup.sync()
	vessel := h1.ids["vessel-KARWAR"]
	editVessel(h1, vessel, "Karwar Queen")
	first := ins.inspect()
	ins.sync()
	sup.sync()

	dump := pgDump(t, h1.db)

	picture := fixture(t, "gps_karwar.jpg")
	var photoID uuid.UUID
	second := ins.inspect(func(id uuid.UUID) { photoID = ins.attachPhoto(id, picture) }) // after the backup
	editVessel(h1, vessel, "Karwar Princess")
	ins.sync()
	sup.sync()
	if ins.acked != 7 {
		t.Fatalf("acked_seq before the restore = %d, want 7", ins.acked)
	}
	staleCursor := ins.cursor
	refresh := h1.do("POST", "/v1/auth/login", "", map[string]any{"email": "inspector@test.tindal", "password": testPassword,
		"installation_id": "second-install"}).json()["refresh_token"].(string) // a session begun after the backup

	if n := ins.uploadPhotos(); n != 1 {
		t.Fatalf("photos uploaded before the restore: %d, want 1", n)
	}
	if r := h1.do("GET", "/v1/photos/"+photoID.String(), "supervisor", nil); r.status != 200 || r.json()["state"] != "verified" {
		t.Fatalf("the photo before the restore: %d %s", r.status, r.body)
	}

	h2 := newHarnessWith(t, harnessOptions{db: pgRestore(t, dump), restart: h1, deps: withPhotos})
	ins.h, sup.h = h2, h2
	editVessel(h2, vessel, "Karwar Empress") // a change after the restore, below the phones' old positions

	r := h2.do("GET", "/v1/sync/pull?cursor="+url.QueryEscape(staleCursor), "inspector", nil)
	if r.status != 410 || r.json()["code"] != "reset_required" || r.json()["reason"] != "epoch_changed" {
		t.Fatalf("a cursor of the history before the restore: %d %s, want 410 reset_required epoch_changed", r.status, r.body)
	}
	if r := h2.do("POST", "/v1/auth/refresh", "", map[string]any{"refresh_token": refresh}); r.status != 401 || r.json()["code"] != "invalid_refresh_token" {
		t.Fatalf("a refresh token issued after the backup: %d %s, want 401 invalid_refresh_token", r.status, r.body)
	}

	sup.sync() // before the inspector has resent: the supervisor resyncs without the lost inspection
	ins.sync()
	if n := ins.uploadPhotos(); n != 1 { // the resent photo.attach asks for the bytes again
		t.Fatalf("photos uploaded again after the restore: %d, want 1", n)
	}
	sup.sync()
	r = h2.do("GET", "/v1/photos/"+photoID.String(), "supervisor", nil)
	if r.status != 200 || r.json()["state"] != "verified" {
		t.Fatalf("the photo after the restore and the resend: %d %s", r.status, r.body)
	}
	original := r.json()["urls"].(map[string]any)["original"].(map[string]any)["url"].(string)
	if got := fetch(t, "GET", original, nil, nil); !bytes.Equal(got, picture) {
		t.Errorf("the photo's original after the restore: %d bytes, want the %d uploaded", len(got), len(picture))
	}
	third := ins.inspect()
	editVessel(h2, vessel, "Karwar Duchess")
	ins.sync()
	sup.sync()

	for _, id := range []uuid.UUID{first, second, third} {
		if r := h2.do("GET", "/v1/inspections/"+id.String(), "inspector", nil); r.status != 200 {
			t.Errorf("inspection %s after the drill: %d", id, r.status)
		}
	}
	for _, m := range ins.kept {
		var n int64
		h2.must(h2.db.Pool.QueryRow(context.Background(), `SELECT count(*) FROM applied_mutations WHERE id = $1`, m.id).Scan(&n))
		if n != 1 {
			t.Errorf("mutation seq %d (%s) is held %d times, want once", m.seq, m.id, n)
		}
	}
	if ins.acked != 10 {
		t.Errorf("acked_seq after the drill = %d, want 10", ins.acked)
	}
	for _, p := range []*drillPhone{ins, sup} {
		p.wantConverged()
	}
	if got := ins.local["vessel/"+vessel.String()]; !strings.Contains(string(got.Data), "Karwar Duchess") {
		t.Errorf("the inspector's copy of the vessel is %s, want the registrar's last edit", got.Data)
	}
}

// drillPhone is an app that follows docs/SYNC.md: it keeps every mutation
// it sent (the retention window outlasts the drill), pushes what has no
// final result, and on reset_required epoch_changed resends everything it
// kept, then pulls without a cursor and replaces its copy.
type drillPhone struct {
	h      *harness
	user   string
	device string
	epoch  string
	cursor string
	acked  int64
	seq    int
	kept   []*drillMutation
	local  map[string]drillItem // by type/id
	photos map[uuid.UUID][]byte // bytes kept with their photo.attach
}

type drillMutation struct {
	id    uuid.UUID
	seq   int
	body  map[string]any
	final bool
}

type drillItem struct {
	Type    string          `json:"type"`
	ID      string          `json:"id"`
	Op      string          `json:"op"`
	Version int64           `json:"version"`
	Data    json.RawMessage `json:"data"`
}

func newDrillPhone(h *harness, user string) *drillPhone {
	return &drillPhone{h: h, user: user, device: h.deviceOf(user), local: map[string]drillItem{}, photos: map[uuid.UUID][]byte{}}
}

// inspect queues an inspection of the Karwar vessel: start, answer, what
// also is given (photos), submit.
func (p *drillPhone) inspect(also ...func(id uuid.UUID)) uuid.UUID {
	id := uuid.Must(uuid.NewV7())
	add := p.add
	add("inspection.start", map[string]any{"id": id, "vessel_id": p.h.ids["vessel-KARWAR"], "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"})
	add("inspection.answer", map[string]any{"inspection_id": id, "item_id": "fire.extinguishers", "answer": "no"})
	for _, f := range also {
		f(id)
	}
	add("inspection.submit", map[string]any{"inspection_id": id})
	return id
}

// add queues a mutation.
func (p *drillPhone) add(name string, args map[string]any) {
	p.seq++
	m := &drillMutation{id: uuid.Must(uuid.NewV7()), seq: p.seq}
	at := time.Now().Add(-time.Hour).UTC()
	m.body = map[string]any{"id": m.id, "seq": m.seq, "name": name, "version": 1, "args": args, "base_version": 0,
		"captured_at": at.Add(time.Duration(m.seq) * time.Second).Format(time.RFC3339Nano)}
	p.kept = append(p.kept, m)
}

// attachPhoto queues photo.attach of data to an inspection, keeping the
// bytes as long as the mutation (docs/SYNC.md §3).
func (p *drillPhone) attachPhoto(inspection uuid.UUID, data []byte) uuid.UUID {
	id := uuid.Must(uuid.NewV7())
	p.add("photo.attach", map[string]any{"id": id, "inspection_id": inspection, "sha256": hexSum(data), "size": len(data), "content_type": "image/jpeg"})
	p.photos[id] = data
	return id
}

// uploadPhotos plans every kept photo and uploads the bytes the server
// asks for (PHOTOS.md): after a restore, those of photos it lost. Returns
// how many it uploaded.
func (p *drillPhone) uploadPhotos() (n int) {
	t := p.h.t
	t.Helper()
	for id, data := range p.photos {
		r := p.h.do("POST", "/v1/photos", p.user, planBody(id, data))
		if r.status != 200 {
			t.Fatalf("plan photo %s: %d %s", id, r.status, r.body)
		}
		if r.json()["status"] != "upload" {
			continue
		}
		put := r.json()["put"].(map[string]any)
		fetch(t, "PUT", put["url"].(string), data, put["headers"].(map[string]any))
		if r := p.h.do("POST", "/v1/photos/"+id.String()+"/complete", p.user, nil); r.status != 200 || r.json()["state"] != "verified" {
			t.Fatalf("complete photo %s: %d %s", id, r.status, r.body)
		}
		n++
	}
	return n
}

// fetch sends a request to a presigned URL and returns the body.
func fetch(t *testing.T, method, u string, body []byte, headers map[string]any) []byte {
	t.Helper()
	req, err := http.NewRequest(method, u, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = int64(len(body))
	for k, v := range headers {
		req.Header.Set(k, fmt.Sprint(v))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode/100 != 2 {
		t.Fatalf("%s %s: %d %s", method, u, res.StatusCode, out)
	}
	return out
}

// sync pushes, then pulls to the end.
func (p *drillPhone) sync() {
	p.h.t.Helper()
	p.push(false)
	p.pull()
}

// push sends the mutations without a final result (all kept ones when
// resending after an epoch change) with the epoch of its acknowledgement.
func (p *drillPhone) push(all bool) {
	p.h.t.Helper()
	var queue []any
	var sent []*drillMutation
	for _, m := range p.kept {
		if all || !m.final {
			queue, sent = append(queue, m.body), append(sent, m)
		}
	}
	if len(queue) == 0 {
		return
	}
	body := map[string]any{"ack_seq": p.acked, "mutations": queue}
	if p.epoch != "" {
		body["epoch"] = p.epoch
	}
	r := p.h.do("POST", "/v1/sync/push", p.user, body, "X-Device-Id", p.device, "X-Protocol-Version", "1")
	if r.status == 410 && !all {
		p.epochChanged(r)
		return
	}
	if r.status != 200 {
		p.h.t.Fatalf("%s push: %d %s", p.user, r.status, r.body)
	}
	var res struct {
		Epoch   string `json:"epoch"`
		Results []struct {
			Status string `json:"status"`
		} `json:"results"`
	}
	p.h.must(json.Unmarshal(r.body, &res))
	for i, x := range res.Results {
		sent[i].final = x.Status != "deferred" && x.Status != "retry"
	}
	if p.epoch != "" && res.Epoch != p.epoch {
		p.h.t.Fatalf("%s: a push answered in epoch %s, the phone's is %s", p.user, res.Epoch, p.epoch)
	}
	p.epoch = res.Epoch
}

// epochChanged is docs/SYNC.md §6.10: take the new epoch, resend every
// kept mutation, forget the cursor and what was acknowledged.
func (p *drillPhone) epochChanged(r response) {
	p.h.t.Helper()
	if r.json()["reason"] != "epoch_changed" {
		p.h.t.Fatalf("%s: 410 %s, want reason epoch_changed", p.user, r.body)
	}
	p.epoch, p.cursor, p.acked = r.json()["epoch"].(string), "", 0
	p.push(true)
	p.local = nil // replaced by the resync
}

// pull pulls to the last page; a 410 epoch_changed resends and resyncs.
func (p *drillPhone) pull() {
	p.h.t.Helper()
	for range 100 {
		path := "/v1/sync/pull?limit=2000"
		if p.cursor != "" {
			path += "&cursor=" + url.QueryEscape(p.cursor)
		}
		r := p.h.do("GET", path, p.user, nil, "X-App-Version", "1.4.0", "X-Protocol-Version", "1")
		if r.status == 410 {
			p.epochChanged(r)
			continue
		}
		if r.status != 200 {
			p.h.t.Fatalf("%s pull: %d %s", p.user, r.status, r.body)
		}
		var pg struct {
			Items    []drillItem `json:"items"`
			Cursor   string      `json:"cursor"`
			HasMore  bool        `json:"has_more"`
			AckedSeq *int64      `json:"acked_seq"`
			Epoch    string      `json:"epoch"`
		}
		p.h.must(json.Unmarshal(r.body, &pg))
		if p.local == nil || (p.epoch != "" && pg.Epoch != p.epoch && p.cursor == "") {
			p.local = map[string]drillItem{}
		}
		p.apply(pg.Items)
		p.cursor, p.epoch = pg.Cursor, pg.Epoch
		if !pg.HasMore {
			p.acked = *pg.AckedSeq
			return
		}
	}
	p.h.t.Fatal("pull never ended")
}

func (p *drillPhone) apply(items []drillItem) {
	for _, it := range items {
		k := it.Type + "/" + it.ID
		if it.Op == "upsert" {
			p.local[k] = it
		} else {
			delete(p.local, k)
		}
	}
}

// wantConverged compares the phone's copy with a first sync of the same
// user now: the same records at the same versions with the same data.
func (p *drillPhone) wantConverged() {
	t := p.h.t
	t.Helper()
	fresh := &drillPhone{h: p.h, user: p.user, local: map[string]drillItem{}}
	fresh.pull()
	for k, want := range fresh.local {
		got, ok := p.local[k]
		switch {
		case !ok:
			t.Errorf("%s lacks %s (version %d)", p.user, k, want.Version)
		case got.Version != want.Version || string(got.Data) != string(want.Data):
			t.Errorf("%s holds %s at version %d %s, the server %d %s", p.user, k, got.Version, got.Data, want.Version, want.Data)
		}
	}
	for k := range p.local {
		if _, ok := fresh.local[k]; !ok {
			t.Errorf("%s keeps %s, which the server lacks", p.user, k)
		}
	}
}

// editVessel is a registrar's edit of the vessel's name.
func editVessel(h *harness, id uuid.UUID, name string) {
	h.t.Helper()
	v := h.do("GET", "/v1/vessels/"+id.String(), "registrar", nil)
	r := h.do("PATCH", "/v1/vessels/"+id.String(), "registrar", map[string]any{"name": name}, "If-Match",
		strconv.FormatFloat(v.json()["version"].(float64), 'f', -1, 64)) // a version above 1e6 too
	if r.status != 200 {
		h.t.Fatalf("edit vessel: %d %s", r.status, r.body)
	}
}

// dbURL is the URL of db's database on the test server.
func dbURL(t *testing.T, db *storage.DB) string {
	var name string
	if err := db.Pool.QueryRow(context.Background(), "SELECT current_database()").Scan(&name); err != nil {
		t.Fatal(err)
	}
	return withDB(t, name)
}

func withDB(t *testing.T, name string) string {
	u, err := url.Parse(testkit.DatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// pgDump backs db up as docs/OPERATIONS.md says for a small office.
func pgDump(t *testing.T, db *storage.DB) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), "tindal.dump")
	if out, err := exec.Command("pg_dump", "--format=custom", "--file="+file, "--dbname="+dbURL(t, db)).CombinedOutput(); err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	return file
}

// pgRestore restores a dump into a new database, as docs/OPERATIONS.md
// says, and opens it; it is dropped when the test ends.
func pgRestore(t *testing.T, file string) *storage.DB {
	t.Helper()
	ctx := context.Background()
	name := "t_restored_" + strings.ReplaceAll(uuid.NewString()[:8], "-", "")
	admin, err := storage.Open(ctx, testkit.DatabaseURL(t), storage.Options{MaxConns: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Pool.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		a, err := storage.Open(ctx, testkit.DatabaseURL(t), storage.Options{MaxConns: 1})
		if err == nil {
			_, _ = a.Pool.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
			a.Close()
		}
	})
	if out, err := exec.Command("pg_restore", "--no-owner", "--exit-on-error", "--dbname="+withDB(t, name), file).CombinedOutput(); err != nil {
		t.Fatalf("pg_restore: %v\n%s", err, out)
	}
	db, err := storage.Open(ctx, withDB(t, name), storage.Options{MaxConns: 20})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}
