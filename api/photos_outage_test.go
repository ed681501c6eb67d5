package api_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/testkit"
)

// minioProcess is a MinIO server of our own, on its own port and data
// directory, that a test may kill and restart (the shared one is never
// touched). The binary is the one scripts/services.sh builds.
type minioProcess struct {
	t    *testing.T
	bin  string
	dir  string
	addr string
	cmd  *exec.Cmd
}

func minioBinary(t *testing.T) string {
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, _ := os.UserHomeDir()
		cache = filepath.Join(home, ".cache")
	}
	bin := filepath.Join(cache, "tindal-tools", "minio-20260212201848", "minio")
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("MinIO binary %s missing: run scripts/services.sh (make test does): %v", bin, err)
	}
	return bin
}

func startMinIO(t *testing.T) *minioProcess {
	m := &minioProcess{t: t, bin: minioBinary(t), dir: t.TempDir(), addr: freeAddr(t)}
	m.start()
	t.Cleanup(m.stop)
	return m
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func (m *minioProcess) start() {
	m.cmd = exec.Command(m.bin, "server", "--quiet", "--address", m.addr, "--console-address", freeAddr(m.t), m.dir)
	cfg := testkit.S3Config(m.t)
	m.cmd.Env = append(os.Environ(), "MINIO_ROOT_USER="+cfg.AccessKey, "MINIO_ROOT_PASSWORD="+cfg.SecretKey, "MINIO_UPDATE=off")
	if err := m.cmd.Start(); err != nil {
		m.t.Fatalf("start MinIO: %v", err)
	}
	store, _ := blob.NewMinIO(m.config())
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := store.EnsureBucket(ctx)
		cancel()
		if err == nil {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	m.t.Fatalf("MinIO on %s not ready after 60 s", m.addr)
}

// stop kills our MinIO (by its own pid) and waits for it.
func (m *minioProcess) stop() {
	if m.cmd == nil || m.cmd.Process == nil {
		return
	}
	_ = m.cmd.Process.Kill()
	_ = m.cmd.Wait()
	m.cmd = nil
}

func (m *minioProcess) config() blob.Config {
	cfg := testkit.S3Config(m.t)
	cfg.Endpoint, cfg.PublicEndpoint, cfg.Bucket = "http://"+m.addr, "", "outage"
	return cfg
}

// TestPhotoStoreOutage: MinIO stops mid-test; photo endpoints answer 503
// with Retry-After, /readyz says so, everything else keeps working; when
// MinIO is back, so are the photo endpoints.
func TestPhotoStoreOutage(t *testing.T) {
	m := startMinIO(t)
	cfg := m.config()
	p := newPhotoHarness(t, "minio", &cfg)
	data := fixture(t, "gps_karwar.jpg")
	id := p.attach(data)
	if res := p.do("POST", "/v1/photos", "inspector", planBody(id, data)); res.status != 200 {
		t.Fatalf("plan while up: %d %s", res.status, res.body)
	}
	m.stop()
	time.Sleep(2100 * time.Millisecond) // past the health cache
	for _, r := range []struct{ method, path string }{
		{"POST", "/v1/photos"},
		{"POST", "/v1/photos/" + id.String() + "/complete"},
		{"GET", "/v1/photos/" + id.String() + "/upload"},
		{"GET", "/v1/photos/" + id.String()},
	} {
		var body any
		if r.path == "/v1/photos" {
			body = planBody(id, data)
		}
		res := p.do(r.method, r.path, "inspector", body)
		ra, _ := strconv.Atoi(res.header.Get("Retry-After"))
		if res.status != 503 || ra <= 0 || res.json()["code"] != "object_store_unavailable" {
			t.Errorf("%s %s with MinIO down: %d Retry-After %q %s", r.method, r.path, res.status, res.header.Get("Retry-After"), res.body)
		}
	}
	if res := p.httpDo("GET", "/readyz", "", nil, 0, nil); res.status != 503 || res.json()["checks"].(map[string]any)["object_store"] != "unreachable" {
		t.Errorf("/readyz with MinIO down: %d %s", res.status, res.body)
	}
	if res := p.do("GET", "/v1/vessels", "inspector", nil); res.status != 200 {
		t.Errorf("vessels with MinIO down: %d", res.status)
	}
	m.start()
	res := p.do("POST", "/v1/photos", "inspector", planBody(id, data))
	if res.status != 200 {
		t.Fatalf("plan after recovery: %d %s", res.status, res.body)
	}
	if res := p.do("GET", "/readyz", "", nil); res.status != 200 {
		t.Errorf("/readyz after recovery: %d %s", res.status, res.body)
	}
}
