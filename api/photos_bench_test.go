package api_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"math"
	mrand "math/rand"
	"net"
	"net/http"
	"runtime"
	"strings"
	stdsync "sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// BenchmarkFallbackMemory streams 20 concurrent 20 MiB photos through
// PUT /v1/photos/{id}/content (real listener, real MinIO) and samples the
// heap meanwhile: the peak above the baseline must stay far below the
// 400 MiB streamed (bodies are never buffered whole). The client is in
// this process too, with generated bodies, so the figure is an upper bound.
//
//	source .services.env && go test ./api -run '^$' -bench FallbackMemory -benchtime 1x
func BenchmarkFallbackMemory(b *testing.B) {
	const uploads, size = 20, 20 << 20
	base, token, db := benchServer(b)
	for b.Loop() {
		ids := make([]uuid.UUID, uploads)
		for i := range ids {
			ids[i] = benchAttach(b, db, uint64(i)+uint64(time.Now().UnixNano()), size)
		}
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		var peak atomic.Uint64
		stop := sampleHeap(&peak)
		var wg stdsync.WaitGroup
		for _, id := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				benchPut(b, base, token, id, size)
			}()
		}
		wg.Wait()
		stop()
		b.ReportMetric(float64(peak.Load()-min(peak.Load(), before.HeapInuse))/(1<<20), "peak-heap-MiB")
		b.ReportMetric(float64(uploads*size)/(1<<20), "streamed-MiB")
	}
}

// sampleHeap records the highest HeapInuse every 10 ms until stopped.
func sampleHeap(peak *atomic.Uint64) func() {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	return func() { close(done); <-finished }
}

// photoBody generates a photo of n bytes without holding it: a real
// JPEG, then bytes derived from seed.
type photoBody struct {
	head []byte
	seed uint64
	off  int
	n    int
}

func (r *photoBody) Read(p []byte) (int, error) {
	if r.off >= r.n {
		return 0, io.EOF
	}
	k := min(len(p), r.n-r.off)
	for i := range k {
		pos := r.off + i
		if pos < len(r.head) {
			p[i] = r.head[pos]
		} else {
			p[i] = byte((uint64(pos) * (r.seed | 1)) >> 7)
		}
	}
	r.off += k
	return k, nil
}

// jpegHead is a whole small JPEG: the server decodes a photo to its end
// before accepting it, and decoders stop at the end marker, so the bytes
// generated after it make a distinct photo of any size.
var jpegHead = smallJPEG()

func smallJPEG() []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 48))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		panic(err) // cannot fail on a bytes.Buffer
	}
	return buf.Bytes()
}

func benchAttach(b *testing.B, db *storage.DB, seed uint64, size int) uuid.UUID {
	h := sha256.New()
	if _, err := io.Copy(h, &photoBody{head: jpegHead, seed: seed, n: size}); err != nil {
		b.Fatal(err)
	}
	id := uuid.New()
	err := db.Gorm.Exec(`INSERT INTO photos (id, inspection_id, sha256, size, content_type, uploaded_by, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, ?, ?, 'image/jpeg', inspector_id, jurisdiction_id, owner_id, inspector_id FROM inspections LIMIT 1`,
		id, hex.EncodeToString(h.Sum(nil)), size).Error
	if err != nil {
		b.Fatal(err)
	}
	benchSeeds.Store(id, seed)
	return id
}

var benchSeeds stdsync.Map

func benchPut(b *testing.B, base, token string, id uuid.UUID, size int) {
	seed, _ := benchSeeds.Load(id)
	req, _ := http.NewRequest("PUT", base+"/v1/photos/"+id.String()+"/content", &photoBody{head: jpegHead, seed: seed.(uint64), n: size})
	req.ContentLength = int64(size)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/octet-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Error(err)
		return
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		b.Errorf("PUT %s: %d %s", id, res.StatusCode, body)
	}
}

// benchServer serves the API on MinIO with one inspector and an inspection.
func benchServer(b *testing.B) (base, token string, db *storage.DB) {
	db = testkit.NewDB(b)
	base, token = benchServerOn(b, db, photo.New(db, testkit.MinIO(b), photo.Options{}))
	return base, token, db
}

// benchServerOn serves the API with the photo service svc over db.
func benchServerOn(b *testing.B, db *storage.DB, svc *photo.Service) (base, token string) {
	ctx := context.Background()
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	authSvc := auth.NewService(db, auth.NewKeySet(priv), auth.Options{Hasher: authtest.CheapHasher()})
	d := fullDeps(b, db, authSvc, time.Now)
	d.Photos = svc
	app, err := api.NewServer(d)
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go func() { _ = app.Listener(ln) }()
	b.Cleanup(func() { _ = app.Shutdown() })
	reg := registry.New(db, time.Now)
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	j, _, err := reg.CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: "KARWAR", Name: "Karwar", Regime: "KA-IV-2025"})
	must(b, err)
	o, _, err := reg.CreateOwner(ctx, admin, models.Owner{Kind: "person", Name: "Owner", JurisdictionID: j.ID, PreferredLanguage: "kn"})
	must(b, err)
	cat, zone, power, unit := "C", 3, 120.0, "kW"
	v, _, err := reg.CreateVessel(ctx, admin, models.Vessel{RegistrationNumber: "KA-KAR-0001", Name: "Boat", Kind: "mechanised",
		Category: &cat, Zone: &zone, EnginePower: &power, PowerUnit: &unit, Use: "passenger", JurisdictionID: j.ID, OwnerID: o.ID})
	must(b, err)
	u, err := authSvc.CreateUser(ctx, storage.Actor{}, auth.NewUser{Email: "bench@test.tindal", Name: "bench", Role: models.RoleInspector,
		Password: testPassword, Jurisdictions: []uuid.UUID{j.ID}, AssignedFrom: assignedLongAgo})
	must(b, err)
	tok, err := authSvc.Login(ctx, auth.LoginInput{Email: u.Email, Password: testPassword, InstallationID: "bench"})
	must(b, err)
	tpl := uuid.New()
	must(b, db.Gorm.Exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, items) VALUES (?, 'basic', 1, 'KA-IV-2025', 'Basic', '[]')`, tpl).Error)
	must(b, db.Gorm.Exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at)
		VALUES (?, ?, ?, ?, ?, ?, 'KA-IV-2025', 'routine', now())`, uuid.New(), v.ID, u.ID, j.ID, o.ID, tpl).Error)
	return fmt.Sprintf("http://%s", ln.Addr()), tok.AccessToken
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkPhotoUpload measures a photo's whole server path on real MinIO
// over real HTTP, with the thumbnail worker running as `tindal serve` runs
// it: plan, the presigned PUT, complete, and the background work (re-hash,
// EXIF, 320 and 1280 px thumbnails), on a realistic 2048×1536 JPEG
// (quality 85, ~1 MB), against a raw minio-go PutObject of the same bytes
// in the same run. wait-each waits for each photo's thumbnails before the
// next upload; back-to-back uploads them all at once and then waits, so
// plan+complete/put shows what the worker costs the API meanwhile.
//
//	source .services.env && go test ./api -run '^$' -bench PhotoUpload -benchtime 20x
func BenchmarkPhotoUpload(b *testing.B) {
	b.Run("wait-each", func(b *testing.B) { benchPhotoUpload(b, true) })
	b.Run("back-to-back", func(b *testing.B) { benchPhotoUpload(b, false) })
}

func benchPhotoUpload(b *testing.B, waitEach bool) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, token, db, svc := benchPhotoServer(b)
	go svc.RunWorker(ctx, benchThumbWorkers)
	raw, bucket := benchRawClient(b)
	var put, api, upload, thumbs time.Duration
	var ids []uuid.UUID
	photo0 := testJPEG(b, 2048, 1536, time.Now().UnixNano())
	start := time.Now()
	for i := 0; b.Loop(); i++ {
		// A distinct photo each time (no dedupe), made without the cost of
		// encoding one: bytes after the JPEG's end marker are ignored by decoders.
		data := append(append([]byte{}, photo0...), fmt.Sprintf("%d-%d", i, time.Now().UnixNano())...)
		t0 := time.Now()
		if _, err := raw.PutObject(ctx, bucket, fmt.Sprintf("bench/%d", i), bytes.NewReader(data), int64(len(data)),
			minio.PutObjectOptions{ContentType: "image/jpeg"}); err != nil {
			b.Fatal(err)
		}
		put += time.Since(t0)
		id := benchAttachBytes(b, db, data)
		ids = append(ids, id)
		t0 = time.Now()
		plan := benchJSON(b, "POST", base+"/v1/photos", token, map[string]any{"id": id, "sha256": sha256Hex(data), "size": len(data), "content_type": "image/jpeg"})
		api += time.Since(t0)
		t0 = time.Now()
		benchPresignedPut(b, plan["put"].(map[string]any), data)
		upload += time.Since(t0)
		t0 = time.Now()
		if res := benchJSON(b, "POST", base+"/v1/photos/"+id.String()+"/complete", token, nil); res["state"] != "verified" {
			b.Fatalf("complete: %v", res)
		}
		api += time.Since(t0)
		if waitEach {
			t0 = time.Now()
			waitThumbnails(b, db, id)
			thumbs += time.Since(t0)
		}
	}
	if !waitEach {
		t0 := time.Now()
		for _, id := range ids {
			waitThumbnails(b, db, id)
		}
		thumbs = time.Since(t0)
	}
	wall := time.Since(start)
	n := float64(b.N)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / n }
	b.ReportMetric(ms(put), "put-ms/op")
	b.ReportMetric(ms(api), "plan+complete-ms/op")
	b.ReportMetric(ms(upload), "upload-ms/op")
	b.ReportMetric(ms(thumbs), "thumb-wait-ms/op")
	b.ReportMetric(float64(api)/float64(put), "plan+complete/put")
	b.ReportMetric(float64(api+thumbs)/float64(put), "plan+complete+thumb/put")
	if !waitEach {
		b.ReportMetric(float64(wall)/float64(put), "wall/put")
	}
}

// benchThumbWorkers is how many photos `tindal serve` works on at once by
// default (TINDAL_THUMB_WORKERS).
const benchThumbWorkers = 1

// waitThumbnails polls until the photo's background work is done.
func waitThumbnails(b *testing.B, db *storage.DB, id uuid.UUID) {
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		var st string
		if err := db.Gorm.Raw(`SELECT thumb_state FROM photos WHERE id = ?`, id).Scan(&st).Error; err != nil {
			b.Fatal(err)
		}
		if st == "done" {
			return
		}
		if st == "failed" {
			b.Fatalf("thumbnail work of %s failed", id)
		}
		time.Sleep(2 * time.Millisecond)
	}
	b.Fatalf("thumbnails of %s not done in 2 minutes", id)
}

// benchPhotoServer is benchServer with its photo service returned.
func benchPhotoServer(b *testing.B) (base, token string, db *storage.DB, svc *photo.Service) {
	db = testkit.NewDB(b)
	svc = photo.New(db, testkit.MinIO(b), photo.Options{})
	base, token = benchServerOn(b, db, svc)
	return base, token, db, svc
}

func sha256Hex(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

func benchAttachBytes(b *testing.B, db *storage.DB, data []byte) uuid.UUID {
	id := uuid.New()
	err := db.Gorm.Exec(`INSERT INTO photos (id, inspection_id, sha256, size, content_type, uploaded_by, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, ?, ?, 'image/jpeg', inspector_id, jurisdiction_id, owner_id, inspector_id FROM inspections LIMIT 1`,
		id, sha256Hex(data), len(data)).Error
	if err != nil {
		b.Fatal(err)
	}
	return id
}

func benchJSON(b *testing.B, method, url, token string, body any) map[string]any {
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Authorization", "Bearer "+token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		b.Fatalf("%s %s: %d %s", method, url, res.StatusCode, out)
	}
	var m map[string]any
	_ = json.Unmarshal(out, &m)
	return m
}

func benchPresignedPut(b *testing.B, put map[string]any, data []byte) {
	req, _ := http.NewRequest("PUT", put["url"].(string), bytes.NewReader(data))
	for k, v := range put["headers"].(map[string]any) {
		req.Header.Set(k, v.(string))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		b.Fatalf("presigned PUT: %d %s", res.StatusCode, body)
	}
}

// benchRawClient is a plain minio-go client on a fresh bucket: the baseline.
func benchRawClient(b *testing.B) (*minio.Client, string) {
	cfg := testkit.S3Config(b)
	host := cfg.Endpoint[strings.Index(cfg.Endpoint, "://")+3:]
	c, err := minio.New(host, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), Region: cfg.Region})
	if err != nil {
		b.Fatal(err)
	}
	bucket := fmt.Sprintf("bench-%d", time.Now().UnixNano())
	ctx := context.Background()
	if err := c.MakeBucket(ctx, bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		objs := c.ListObjects(ctx, bucket, minio.ListObjectsOptions{Recursive: true})
		for range c.RemoveObjects(ctx, bucket, objs, minio.RemoveObjectsOptions{}) {
		}
		_ = c.RemoveBucket(ctx, bucket)
	})
	return c, bucket
}

// testJPEG encodes a photographic-like w×h image at quality 85: smooth
// light gradients, a few soft shapes and sensor-like noise, so the encoder
// and the decoder do the work a real 2,048 px phone photo costs (a flat or
// random image would be much cheaper or much dearer than a real one).
func testJPEG(tb testing.TB, w, h int, seed int64) []byte {
	rng := mrand.New(mrand.NewSource(seed))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cx, cy := rng.Float64()*float64(w), rng.Float64()*float64(h)
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			d := math.Hypot(float64(x)-cx, float64(y)-cy) / float64(w)
			shade := 0.5 + 0.5*math.Cos(d*9)
			n := rng.NormFloat64() * 6
			r := 70 + 120*fy + 40*shade + n
			g := 90 + 80*fx + 50*shade + n
			bl := 150 - 90*fy + 30*math.Sin(fx*12) + n
			img.Pix[img.PixOffset(x, y)+0] = clamp8(r)
			img.Pix[img.PixOffset(x, y)+1] = clamp8(g)
			img.Pix[img.PixOffset(x, y)+2] = clamp8(bl)
			img.Pix[img.PixOffset(x, y)+3] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func clamp8(v float64) uint8 {
	return uint8(max(0, min(255, v)))
}
