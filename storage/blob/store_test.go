package blob_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/storage/blob"
	"github.com/tindal/tindal/storage/blob/blobtest"
	"github.com/tindal/tindal/testkit"
)

func TestMinIO(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) blob.Store { return testkit.MinIO(t) })
}

func TestLocal(t *testing.T) {
	blobtest.Run(t, func(t *testing.T) blob.Store { return testkit.LocalBlobs(t) })
}

// closedPort returns an address on which nothing listens.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return addr
}

func TestMinIOUnreachable(t *testing.T) {
	s, err := blob.NewMinIO(blob.Config{Endpoint: "http://" + closedPort(t), AccessKey: "k", SecretKey: "s", Bucket: "photos"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	checks := map[string]error{"Health": s.Health(ctx), "EnsureBucket": s.EnsureBucket(ctx)}
	_, checks["Stat"] = s.Stat(ctx, "k")
	_, checks["Get"] = s.Get(ctx, "k")
	_, checks["Put"] = s.Put(ctx, "k", strings.NewReader("x"), 1, blob.PutOptions{})
	_, checks["ListUploads"] = s.ListUploads(ctx, time.Now())
	checks["List"] = s.List(ctx, "", func(blob.Info) error { return nil })
	for name, err := range checks {
		if !errors.Is(err, blob.ErrUnavailable) {
			t.Errorf("%s against a closed port: %v, want ErrUnavailable", name, err)
		}
	}
	if d := time.Since(start); d > 15*time.Second {
		t.Errorf("unreachable store took %v to report", d)
	}
}

func TestMinIOWrongCredentials(t *testing.T) {
	cfg := testkit.S3Config(t)
	cfg.SecretKey = "not-the-secret"
	s, err := blob.NewMinIO(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Health(context.Background()); !errors.Is(err, blob.ErrDenied) {
		t.Fatalf("Health with a wrong secret: %v, want ErrDenied", err)
	}
}

// Presigning uses the public endpoint and never touches the network: here
// the public endpoint is a closed port and the internal one too.
func TestMinIOPresignOffline(t *testing.T) {
	pub := closedPort(t)
	s, err := blob.NewMinIO(blob.Config{Endpoint: "http://" + closedPort(t), PublicEndpoint: "https://" + pub,
		AccessKey: "k", SecretKey: "s", Bucket: "photos", Region: "ap-south-1"})
	if err != nil {
		t.Fatal(err)
	}
	sum := strings.Repeat("ab", 32)
	p, err := s.PresignPut(context.Background(), blob.ContentKey(sum), blob.PresignPutOptions{SHA256: sum, Size: 10})
	if err != nil {
		t.Fatalf("PresignPut: %v", err)
	}
	want := "https://" + pub + "/photos/sha256/ab/" + sum + "?"
	if !strings.HasPrefix(p.URL, want) || !strings.Contains(p.URL, "ap-south-1") ||
		!strings.Contains(p.URL, "x-amz-checksum-sha256") {
		t.Fatalf("presigned URL %s: want prefix %s, region and signed checksum header", p.URL, want)
	}
	if _, err := s.PresignPart(context.Background(), "staging/x", "id", 3, 0); err != nil {
		t.Fatalf("PresignPart: %v", err)
	}
	if _, err := s.PresignGet(context.Background(), "staging/x", 0); err != nil {
		t.Fatalf("PresignGet: %v", err)
	}
}

func TestMinIOPresignChecks(t *testing.T) {
	s := testkit.MinIO(t)
	ctx := context.Background()
	sum := strings.Repeat("0f", 32)
	_, err := s.PresignPut(ctx, "k", blob.PresignPutOptions{SHA256: sum, Size: 26 << 20, MaxSize: 25 << 20})
	if !errors.Is(err, blob.ErrTooLarge) {
		t.Fatalf("PresignPut over MaxSize: %v", err)
	}
	_, err = s.PresignPut(ctx, "k", blob.PresignPutOptions{Size: 10})
	if !errors.Is(err, blob.ErrInvalid) {
		t.Fatalf("PresignPut without sha256: %v", err)
	}
}

func TestLocalSignature(t *testing.T) {
	s := testkit.LocalBlobs(t)
	ctx := context.Background()
	sum := strings.Repeat("0f", 32)
	p, err := s.PresignPut(ctx, blob.ContentKey(sum), blob.PresignPutOptions{SHA256: sum, Size: 10})
	if err != nil {
		t.Fatal(err)
	}
	for name, u := range map[string]string{
		"size changed":  strings.Replace(p.URL, "size=10", "size=11", 1),
		"key changed":   strings.Replace(p.URL, "/sha256/0f/", "/sha256/0e/", 1),
		"op changed":    strings.Replace(p.URL, "op=put", "op=get", 1),
		"no signature":  p.URL[:strings.Index(p.URL, "sig=")],
		"traversal key": strings.Replace(p.URL, "/sha256/0f/", "/../../etc/", 1),
	} {
		req, _ := http.NewRequest(p.Method, u, strings.NewReader("0123456789"))
		req.Header = p.Header.Clone()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: status %d, want 403 or 404", name, resp.StatusCode)
		}
	}
}

func TestNewChoosesStore(t *testing.T) {
	s, err := blob.New(blob.Config{Endpoint: "minio:9000", Bucket: "tindal"})
	if _, ok := s.(*blob.MinIO); !ok || err != nil {
		t.Fatalf("New with an endpoint = %T, %v", s, err)
	}
	s, err = blob.New(blob.Config{Dir: t.TempDir(), SigningKey: make([]byte, 32), PublicBaseURL: "http://localhost:8080/v1/blobs"})
	if _, ok := s.(*blob.Local); !ok || err != nil {
		t.Fatalf("New without an endpoint = %T, %v", s, err)
	}
	for _, cfg := range []blob.Config{
		{Endpoint: "ftp://x", Bucket: "tindal"},
		{Endpoint: "http://x/path", Bucket: "tindal"},
		{Endpoint: "http://x"},
		{Endpoint: "http://x", Bucket: "Bad_Bucket"},
		{Dir: t.TempDir(), SigningKey: []byte("short"), PublicBaseURL: "http://x/v1/blobs"},
		{Dir: t.TempDir(), SigningKey: make([]byte, 32), PublicBaseURL: "/relative"},
	} {
		if _, err := blob.New(cfg); err == nil {
			t.Errorf("New(%+v) accepted a bad config", cfg)
		}
	}
}
