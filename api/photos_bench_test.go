package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime"
	stdsync "sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
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

// photoBody generates a photo of n bytes without holding it: the start of
// a real JPEG, then bytes derived from seed.
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

var jpegHead = []byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 'J', 'F', 'I', 'F', 0}

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
	ctx := context.Background()
	db = testkit.NewDB(b)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	authSvc := auth.NewService(db, auth.NewKeySet(priv), auth.Options{Hasher: auth.CheapHasher()})
	app, err := api.NewServer(api.Deps{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), DB: db, Auth: authSvc,
		Registry: registry.New(db, time.Now), Metrics: prometheus.NewRegistry(),
		Photos: photo.New(db, testkit.MinIO(b), photo.Options{})})
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
	return fmt.Sprintf("http://%s", ln.Addr()), tok.AccessToken, db
}

func must(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}
