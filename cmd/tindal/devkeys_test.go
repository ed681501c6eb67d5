package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tindal/tindal/storage/blob"
)

const sameDBURL = "postgres://postgres@127.0.0.1:5432/tindal?sslmode=disable" // the README's default

func devApp(t *testing.T, dataDir string) *app {
	t.Helper()
	return &app{cfg: config{DatabaseURL: sameDBURL, DevKeysDir: filepath.Join(dataDir, "dev-jwt"), BlobDir: filepath.Join(dataDir, "blobs"),
		PublicBaseURL: "http://tindal.test"}, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

func blobKey(t *testing.T, a *app) []byte {
	t.Helper()
	c, err := a.blobConfig()
	if err != nil {
		t.Fatal(err)
	}
	return c.SigningKey
}

// TestDevKeysAreRandomPerInstallAndKept is issue 10 hole 8: with the
// signing keys unset they were derived from the database URL, whose default
// is public, so anyone could sign a blob URL. Now two installs with the same
// database URL have different keys, a URL signed by the old derivation is
// refused, and a restart keeps the install's keys.
func TestDevKeysAreRandomPerInstallAndKept(t *testing.T) {
	dirA, dirB := t.TempDir(), t.TempDir()
	a, b := devApp(t, dirA), devApp(t, dirB)
	keyA, keyB := blobKey(t, a), blobKey(t, b)
	if bytes.Equal(keyA, keyB) {
		t.Fatal("two installs with the same database URL share a blob signing key")
	}
	curA, err := a.secret("TINDAL_SYNC_CURSOR_KEY", "", devCursorKeyFile)
	if err != nil {
		t.Fatal(err)
	}
	curB, _ := b.secret("TINDAL_SYNC_CURSOR_KEY", "", devCursorKeyFile)
	if bytes.Equal(curA, curB) || bytes.Equal(curA, keyA) {
		t.Fatal("cursor keys are shared between installs or with the blob key")
	}
	if again := blobKey(t, devApp(t, dirA)); !bytes.Equal(again, keyA) {
		t.Fatal("the blob key changed across a restart with the same data directory")
	}
	if again, _ := devApp(t, dirA).secret("TINDAL_SYNC_CURSOR_KEY", "", devCursorKeyFile); !bytes.Equal(again, curA) {
		t.Fatal("the cursor key changed across a restart")
	}
	for _, f := range []string{devBlobKeyFile, devCursorKeyFile} {
		st, err := os.Stat(filepath.Join(a.cfg.DevKeysDir, f))
		if err != nil || st.Mode().Perm() != 0o600 {
			t.Fatalf("%s: %v %v, want mode 0600", f, st.Mode(), err)
		}
	}
	if k, _ := devApp(t, dirA).secret("TINDAL_BLOB_SIGNING_KEY", "a configured secret of at least 32 chars", devBlobKeyFile); string(k) != "a configured secret of at least 32 chars" {
		t.Fatal("a configured key is not used as given")
	}

	// A download URL signed with the key the old code derived is refused.
	cfg, _ := a.blobConfig()
	store, err := blob.NewLocal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := store.EnsureBucket(ctx); err != nil {
		t.Fatal(err)
	}
	data := []byte("a photo of another jurisdiction")
	key := blob.ContentKey(hexSHA(data))
	if _, err := store.Put(ctx, key, bytes.NewReader(data), int64(len(data)), blob.PutOptions{}); err != nil {
		t.Fatal(err)
	}
	old := sha256.Sum256([]byte("tindal-dev-blob-key:" + sameDBURL))
	forgedCfg := cfg
	forgedCfg.Dir, forgedCfg.SigningKey = t.TempDir(), old[:]
	forger, err := blob.NewLocal(forgedCfg)
	if err != nil {
		t.Fatal(err)
	}
	get := func(s *blob.Local) int {
		p, err := s.PresignGet(ctx, key, 0)
		if err != nil {
			t.Fatal(err)
		}
		w := httptest.NewRecorder()
		store.DownloadHandler().ServeHTTP(w, httptest.NewRequest(http.MethodGet, strings.TrimPrefix(p.URL, "http://tindal.test"), nil))
		return w.Code
	}
	if code := get(forger); code != http.StatusForbidden {
		t.Fatalf("URL signed by the old derivation: %d, want 403", code)
	}
	if code := get(store); code != http.StatusOK {
		t.Fatalf("URL signed by the install's key: %d, want 200", code)
	}
}

func hexSHA(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}
