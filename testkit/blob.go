package testkit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/tindal/tindal/storage/blob"
)

// S3Config is the object store tests use, from the TINDAL_S3_* variables
// that scripts/services.sh writes to .services.env. Tests fail, never
// skip, without them.
func S3Config(t testing.TB) blob.Config {
	t.Helper()
	cfg := blob.Config{
		Endpoint:       os.Getenv("TINDAL_S3_ENDPOINT"),
		PublicEndpoint: os.Getenv("TINDAL_S3_PUBLIC_ENDPOINT"),
		AccessKey:      os.Getenv("TINDAL_S3_ACCESS_KEY"),
		SecretKey:      os.Getenv("TINDAL_S3_SECRET_KEY"),
		Bucket:         os.Getenv("TINDAL_S3_BUCKET"),
		Region:         os.Getenv("TINDAL_S3_REGION"),
	}
	if cfg.Endpoint == "" {
		t.Fatal("TINDAL_S3_ENDPOINT is not set: run `scripts/services.sh` and `source .services.env` (make test does both)")
	}
	return cfg
}

// MinIO returns a MinIO store on a fresh private bucket "t-<random>", which
// is removed with everything in it (objects and incomplete uploads) when
// the test ends.
func MinIO(t testing.TB) blob.Store {
	t.Helper()
	cfg := S3Config(t)
	cfg.Bucket = "t-" + bucketSuffix(8)
	store, err := blob.NewMinIO(cfg)
	if err != nil {
		t.Fatalf("minio store: %v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := store.EnsureBucket(ctx); err != nil {
		t.Fatalf("create bucket %s at %s (is MinIO running? run scripts/services.sh): %v", cfg.Bucket, cfg.Endpoint, err)
	}
	t.Cleanup(func() { removeBucket(t, cfg) })
	return store
}

// removeBucket empties and removes a test bucket.
func removeBucket(t testing.TB, cfg blob.Config) {
	host := cfg.Endpoint[strings.Index(cfg.Endpoint, "://")+3:]
	c, err := minio.New(host, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: strings.HasPrefix(cfg.Endpoint, "https://"),
		Region: cfg.Region,
	})
	if err != nil {
		t.Errorf("remove bucket %s: %v", cfg.Bucket, err)
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for up := range c.ListIncompleteUploads(ctx, cfg.Bucket, "", true) {
		if up.Err == nil {
			_ = c.RemoveIncompleteUpload(ctx, cfg.Bucket, up.Key)
		}
	}
	objects := c.ListObjects(ctx, cfg.Bucket, minio.ListObjectsOptions{Recursive: true})
	for res := range c.RemoveObjects(ctx, cfg.Bucket, objects, minio.RemoveObjectsOptions{}) {
		t.Errorf("remove %s/%s: %v", cfg.Bucket, res.ObjectName, res.Err)
	}
	if err := c.RemoveBucket(ctx, cfg.Bucket); err != nil {
		t.Errorf("remove bucket %s: %v", cfg.Bucket, err)
	}
}

// LocalBlobs returns a Local store in a temporary directory whose signed
// URLs are served by a test HTTP server (its UploadHandler and
// DownloadHandler mounted at /v1/blobs/), closed when the test ends.
func LocalBlobs(t testing.TB) *blob.Local {
	t.Helper()
	return LocalBlobsFrom(t, "")
}

// LocalBlobsFrom is LocalBlobs holding a copy of the objects of the Local
// store in the directory from (none when from is empty).
func LocalBlobsFrom(t testing.TB, from string) *blob.Local {
	t.Helper()
	var local *blob.Local
	mux := http.NewServeMux()
	mux.Handle("PUT /v1/blobs/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local.UploadHandler().ServeHTTP(w, r)
	}))
	mux.Handle("GET /v1/blobs/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		local.DownloadHandler().ServeHTTP(w, r)
	}))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	dir := t.TempDir()
	if from != "" {
		if err := os.CopyFS(dir, os.DirFS(from)); err != nil {
			t.Fatalf("copy the blobs of %s: %v", from, err)
		}
	}
	local, err := blob.NewLocal(blob.Config{Dir: dir, SigningKey: key, PublicBaseURL: srv.URL + "/v1/blobs"})
	if err != nil {
		t.Fatalf("local blob store: %v", err)
	}
	if err := local.EnsureBucket(context.Background()); err != nil {
		t.Fatalf("local blob store: %v", err)
	}
	return local
}

func bucketSuffix(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
