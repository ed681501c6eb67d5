package api_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"net"
	"runtime"
	stdsync "sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/api"
	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/auth/authtest"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// BenchmarkDecompressionBombMemory sends 20 concurrent decompression bombs
// to a real listener and samples the heap meanwhile, against a baseline of
// the same compressed bytes sent as identity (the server reads them and
// refuses them as JSON). Before the fix the login bomb inflated 1 GiB per
// request (the issue measured 4.7 GB RSS for one); now it is refused from
// its header; the push inflates nothing for a caller without a token and
// at most 1 MiB for an inspector.
//
//	source .services.env && go test ./api -run '^$' -bench DecompressionBomb -benchtime 3x
func BenchmarkDecompressionBombMemory(b *testing.B) {
	_, mid, twice := bombs(b)
	addr, token := bombServer(b)
	for _, c := range []struct {
		name, path, encoding, token string
		body                        []byte
	}{
		{"login/gzip,gzip-1GiB", "/v1/auth/login", "gzip, gzip", "", twice},
		{"login/identity-baseline", "/v1/auth/login", "", "", twice},
		{"push/gzip-64MiB-no-token", "/v1/sync/push", "gzip", "", mid},
		{"push/gzip-64MiB-inspector", "/v1/sync/push", "gzip", token, mid},
		{"push/identity-baseline", "/v1/sync/push", "", token, mid},
	} {
		b.Run(c.name, func(b *testing.B) {
			var hdr []string
			if c.encoding != "" {
				hdr = []string{"Content-Encoding", c.encoding}
			}
			for b.Loop() {
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				var peak atomic.Uint64
				stop := sampleHeap(&peak)
				var wg stdsync.WaitGroup
				for range 20 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						if r := rawRequest(b, addr, "POST", c.path, c.token, c.body, hdr...); r.status < 400 {
							b.Errorf("%s: %d", c.name, r.status)
						}
					}()
				}
				wg.Wait()
				stop()
				b.ReportMetric(float64(peak.Load()-min(peak.Load(), before.HeapInuse))/(1<<20), "peak-heap-MiB")
				b.ReportMetric(float64(len(c.body))/(1<<10), "body-KiB")
			}
		})
	}
}

// bombServer is the API on a fresh database with one inspector, whose
// access token it returns.
func bombServer(b *testing.B) (addr, token string) {
	ctx := context.Background()
	db := testkit.NewDB(b)
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	authSvc := auth.NewService(db, auth.NewKeySet(priv), auth.Options{Hasher: authtest.CheapHasher()})
	app, err := api.NewServer(fullDeps(b, db, authSvc, time.Now))
	must(b, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	must(b, err)
	go func() { _ = app.Listener(ln) }()
	b.Cleanup(func() { _ = app.Shutdown() })
	admin := models.Scope{Access: models.AccessAll, UserID: uuid.New()}
	j, _, err := registry.New(db, time.Now).CreateJurisdiction(ctx, admin, models.Jurisdiction{Code: "KARWAR", Name: "Karwar", Regime: "KA-IV-2025"})
	must(b, err)
	_, err = authSvc.CreateUser(ctx, storage.Actor{}, auth.NewUser{Email: "bomb@test.tindal", Name: "bomb", Role: models.RoleInspector,
		Password: testPassword, Jurisdictions: []uuid.UUID{j.ID}, AssignedFrom: assignedLongAgo})
	must(b, err)
	tok, err := authSvc.Login(ctx, auth.LoginInput{Email: "bomb@test.tindal", Password: testPassword, InstallationID: "bomb"})
	must(b, err)
	return ln.Addr().String(), tok.AccessToken
}
