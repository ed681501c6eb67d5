package replicas

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// TestPhotosOnADegradedErasureSet runs MinIO as production does, an
// erasure-coded set (one process over four drives: data and parity
// shards), and serves a replica on it with its own database. One drive is
// removed; then /readyz says the store is "degraded" and stays ready, the
// metrics say up and degraded, and a photo is uploaded (presigned PUT),
// completed, downloaded, given its thumbnails, and kept by the orphan job
// while an unreferenced object beside it is deleted.
func TestPhotosOnADegradedErasureSet(t *testing.T) {
	t.Parallel()
	bin := minioBinary(t)
	dir := t.TempDir()
	port := freePort()
	ms := exec.Command(bin, "server", "--address", fmt.Sprintf("127.0.0.1:%d", port), //nolint:gosec // our MinIO
		"--console-address", fmt.Sprintf("127.0.0.1:%d", freePort()), filepath.Join(dir, "drive{1...4}"))
	ms.Env = append(os.Environ(), "MINIO_ROOT_USER="+os.Getenv("TINDAL_S3_ACCESS_KEY"),
		"MINIO_ROOT_PASSWORD="+os.Getenv("TINDAL_S3_SECRET_KEY"), "MINIO_UPDATE=off", "MINIO_BROWSER=off",
		"MINIO_CI_CD=on") // four drives on one disk, the root one: allowed here, never in production
	var mlog bytes.Buffer
	ms.Stdout, ms.Stderr = &mlog, &mlog
	must(t, ms.Start())
	t.Cleanup(func() { _ = ms.Process.Signal(syscall.SIGTERM); _ = ms.Wait() })
	endpoint := fmt.Sprintf("http://127.0.0.1:%d", port)
	await(t, "the erasure set ready", 60*time.Second, func() bool {
		res, err := http.Get(endpoint + "/minio/health/ready")
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == 200
	})

	// Its own database: this replica's photo worker and orphan job must
	// see only the photos whose bytes are in this store.
	dbName := "t_rep_ec_" + randomHex(5)
	admin, err := pgx.Connect(context.Background(), set.adminURL)
	must(t, err)
	_, err = admin.Exec(context.Background(), "CREATE DATABASE "+dbName)
	_ = admin.Close(context.Background())
	must(t, err)
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), set.adminURL)
		if err == nil {
			_, _ = c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+dbName+" WITH (FORCE)")
			_ = c.Close(context.Background())
		}
	})
	u, _ := url.Parse(set.dbURL)
	u.Path = "/" + dbName
	env := map[string]string{}
	for k, v := range set.env {
		env[k] = v
	}
	env["TINDAL_DATABASE_URL"], env["TINDAL_S3_ENDPOINT"], env["TINDAL_S3_BUCKET"] = u.String(), endpoint, "photos"
	env["TINDAL_JOBS"], env["TINDAL_JOB_SCHEDULES"] = "off", ""
	e := set.newReplica("E", set.old)
	must(t, e.start(env))
	t.Cleanup(func() { e.stop(syscall.SIGTERM) })
	db, err := storage.Open(context.Background(), u.String(), storage.Options{MaxConns: 2})
	must(t, err)
	t.Cleanup(db.Close)
	ids := map[string]string{}
	must(t, seedInto(db, ids))

	// A drive gone: its directory removed and a file in its place (a
	// directory alone MinIO would make again and heal at once).
	must(t, os.RemoveAll(filepath.Join(dir, "drive2")))
	must(t, os.WriteFile(filepath.Join(dir, "drive2"), []byte("a failed drive"), 0o600))
	await(t, "/readyz saying degraded", 60*time.Second, func() bool {
		a := set.do(e.base(), "GET", "/readyz", "", nil)
		checks, _ := a.json()["checks"].(map[string]any)
		if a.status != 200 && a.status != 503 {
			t.Fatalf("/readyz: %d %s", a.status, a.body)
		}
		return a.status == 200 && checks["object_store"] == "degraded"
	})
	upM, err := e.metric("tindal_object_store_up")
	must(t, err)
	degM, err := e.metric("tindal_object_store_degraded")
	must(t, err)
	if upM != 1 || degM != 1 {
		t.Errorf("metrics: tindal_object_store_up %v, tindal_object_store_degraded %v; want 1 and 1", upM, degM)
	}

	// A photo, degraded all along.
	tok := apiLogin(t, e.base(), "inspector@replicas.test", "ec-phone")
	var device string
	must(t, db.Gorm.Raw(`SELECT id::text FROM devices WHERE installation_id = 'ec-phone'`).Scan(&device).Error)
	img, err := os.ReadFile("../photo/testdata/gps_karwar.jpg")
	must(t, err)
	tail := make([]byte, 256<<10)
	_, _ = rand.Read(tail)
	img = append(img, tail...)
	insp, ph := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	at := time.Now().Add(-time.Minute).UTC().Format(time.RFC3339Nano)
	push := set.do(e.base(), "POST", "/v1/sync/push", tok, map[string]any{"ack_seq": 0, "mutations": []mutation{
		{ID: uuid.Must(uuid.NewV7()), Seq: 1, Name: "inspection.start", Version: 1, CapturedAt: at,
			Args: map[string]any{"id": insp, "vessel_id": ids["vessel"], "template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}},
		{ID: uuid.Must(uuid.NewV7()), Seq: 2, Name: "photo.attach", Version: 1, BaseVersion: 1, CapturedAt: at,
			Args: map[string]any{"id": ph, "inspection_id": insp, "sha256": sum(img), "size": len(img), "content_type": "image/jpeg"}},
	}}, "X-Device-Id", device, "X-Protocol-Version", "1", "X-App-Version", "1.4.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339Nano))
	if push.status != 200 || bytes.Count(push.body, []byte(`"status":"applied"`)) != 2 {
		t.Fatalf("push: %d %s", push.status, push.body)
	}
	plan := set.do(e.base(), "POST", "/v1/photos", tok, map[string]any{"id": ph, "sha256": sum(img), "size": len(img), "content_type": "image/jpeg"})
	put, _ := plan.json()["put"].(map[string]any)
	if plan.status != 200 || put == nil {
		t.Fatalf("plan: %d %s", plan.status, plan.body)
	}
	req, _ := http.NewRequest("PUT", put["url"].(string), bytes.NewReader(img))
	if hs, ok := put["headers"].(map[string]any); ok {
		for k, v := range hs {
			req.Header.Set(k, v.(string))
		}
	}
	res, err := http.DefaultClient.Do(req)
	must(t, err)
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("PUT to the degraded set: %d %s", res.StatusCode, b)
	}
	done := set.do(e.base(), "POST", "/v1/photos/"+ph.String()+"/complete", tok, nil)
	if done.status != 200 || done.json()["state"] != "verified" {
		t.Fatalf("complete on the degraded set: %d %s", done.status, done.body)
	}
	await(t, "the thumbnails", 60*time.Second, func() bool {
		var n int64
		must(t, db.Gorm.Raw(`SELECT count(*) FROM photos WHERE id = ? AND thumb_state = 'done'`, ph).Scan(&n).Error)
		return n == 1
	})
	for _, which := range []string{"original", "thumb_320"} {
		if got := download(t, e, tok, ph, which); which == "original" && !bytes.Equal(got, img) {
			t.Errorf("the original from the degraded set: %d bytes, want %d", len(got), len(img))
		}
	}

	// The orphan job, run by hand as of a day past its grace: the
	// unreferenced object goes, the photo stays.
	mc, err := minio.New(fmt.Sprintf("127.0.0.1:%d", port), &minio.Options{Creds: credentials.NewStaticV4(
		os.Getenv("TINDAL_S3_ACCESS_KEY"), os.Getenv("TINDAL_S3_SECRET_KEY"), ""), Region: os.Getenv("TINDAL_S3_REGION")})
	must(t, err)
	orphan := blob.ContentKey(sum([]byte(randomHex(8)))) // bytes some phone uploaded, whose photo row is gone
	_, err = mc.PutObject(context.Background(), "photos", orphan, bytes.NewReader([]byte("nobody's")), 8, minio.PutObjectOptions{})
	must(t, err)
	adminTok := apiLogin(t, e.base(), "admin@replicas.test", "ec-desk")
	run := set.do(e.base(), "POST", "/v1/admin/jobs/photo-orphans/run", adminTok,
		// India's date eight days on: the job's day begins at midnight there
		// (after 18:30 UTC, UTC's date eight days on is within the grace).
		map[string]any{"now": time.Now().In(rules.IST).AddDate(0, 0, 8).Format("2006-01-02")})
	if run.status != 202 {
		t.Fatalf("run photo-orphans: %d %s", run.status, run.body)
	}
	var outcome string
	await(t, "the orphan job", 60*time.Second, func() bool {
		must(t, db.Gorm.Raw(`SELECT outcome FROM job_runs WHERE job = 'photo-orphans'`).Scan(&outcome).Error)
		return outcome != "" && outcome != "running"
	})
	var counts string
	must(t, db.Gorm.Raw(`SELECT counts::text || ' run on ' || run_on::text || ', epoch advanced ' || coalesce((SELECT advanced_at::text FROM sync_epoch), '-')
		FROM job_runs WHERE job = 'photo-orphans'`).Scan(&counts).Error)
	if outcome != "succeeded" {
		t.Errorf("photo-orphans on the degraded set: %s %s", outcome, counts)
	}
	if _, err := mc.StatObject(context.Background(), "photos", orphan, minio.StatObjectOptions{}); minio.ToErrorResponse(err).Code != "NoSuchKey" {
		t.Errorf("the unreferenced object after the orphan job (%s): %v, want NoSuchKey", counts, err)
		for _, l := range strings.Split(e.tail(), "\n") {
			if strings.Contains(l, "orphan") {
				t.Log(l)
			}
		}
	}
	if got := download(t, e, tok, ph, "original"); !bytes.Equal(got, img) {
		t.Errorf("the photo after the orphan job: %d bytes", len(got))
	}
}

// download fetches one of a photo's URLs (original, thumb_320, …).
func download(t *testing.T, r *replica, tok string, id uuid.UUID, which string) []byte {
	t.Helper()
	view := set.do(r.base(), "GET", "/v1/photos/"+id.String(), tok, nil)
	urls, _ := view.json()["urls"].(map[string]any)
	u, _ := urls[which].(map[string]any)
	link, _ := u["url"].(string)
	if link == "" {
		t.Fatalf("no %s URL: %d %s", which, view.status, view.body)
	}
	res, err := http.Get(link)
	must(t, err)
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("%s from the degraded set: %d %s", which, res.StatusCode, b)
	}
	return b
}

// minioBinary is the MinIO scripts/services.sh built.
func minioBinary(t *testing.T) string {
	if b := os.Getenv("TINDAL_TEST_MINIO_BIN"); b != "" {
		return b
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	found, _ := filepath.Glob(filepath.Join(cache, "tindal-tools", "minio-*", "minio"))
	if len(found) == 0 {
		t.Fatal("no MinIO binary: run scripts/services.sh (it builds one into ~/.cache/tindal-tools) or set TINDAL_TEST_MINIO_BIN")
	}
	return found[len(found)-1]
}
