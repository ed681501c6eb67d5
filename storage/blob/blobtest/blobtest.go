// Package blobtest is the conformance suite every blob.Store must pass.
// The MinIO and Local implementations both run it, so the API and the
// photo workflow behave the same on either.
package blobtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/storage/blob"
)

// Run runs the suite. newStore must return an empty store with its bucket
// created, separate for each call (each subtest calls it once).
func Run(t *testing.T, newStore func(t *testing.T) blob.Store) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s blob.Store)
	}{
		{"PutStatGet", testPutStatGet},
		{"PutDeclaredSHA256", testPutDeclaredSHA256},
		{"PutShortBody", testPutShortBody},
		{"PutTooLarge", testPutTooLarge},
		{"InvalidKeys", testInvalidKeys},
		{"NotFound", testNotFound},
		{"CopyDelete", testCopyDelete},
		{"HealthEnsureBucket", testHealth},
		{"PresignedPut", testPresignedPut},
		{"PresignedPutWrongBody", testPresignedPutWrongBody},
		{"PresignedPutDroppedHeader", testPresignedPutDroppedHeader},
		{"PresignedPutExpired", testPresignedPutExpired},
		{"PresignedGet", testPresignedGet},
		{"MultipartResume", testMultipartResume},
		{"MultipartInvalid", testMultipartInvalid},
		{"MultipartAbortAndList", testMultipartAbortAndList},
		{"List", testList},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.fn(t, newStore(t))
		})
	}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// content returns n random bytes and their hex SHA-256.
func content(n int) ([]byte, string) {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b, hexSum(b)
}

func hexSum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func put(t *testing.T, s blob.Store, key string, b []byte, ct string) blob.Info {
	t.Helper()
	info, err := s.Put(ctxT(t), key, bytes.NewReader(b), int64(len(b)), blob.PutOptions{ContentType: ct})
	if err != nil {
		t.Fatalf("Put(%s): %v", key, err)
	}
	return info
}

// reader returns a function reading all of an opened object, so that
// reader(t)(s.Get(ctx, key)) reads in one expression.
func reader(t *testing.T) func(io.ReadCloser, error) []byte {
	return func(rc io.ReadCloser, err error) []byte {
		t.Helper()
		if err != nil {
			t.Fatalf("open: %v", err)
		}
		defer rc.Close()
		b, err := io.ReadAll(rc)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		return b
	}
}

func wantKind(t *testing.T, what string, err, kind error) {
	t.Helper()
	if !errors.Is(err, kind) {
		t.Fatalf("%s: got error %v, want %v", what, err, kind)
	}
}

func wantAbsent(t *testing.T, s blob.Store, key string) {
	t.Helper()
	ok, err := s.Exists(ctxT(t), key)
	if err != nil || ok {
		t.Fatalf("Exists(%s) = %v, %v; want false, nil", key, ok, err)
	}
}

func testPutStatGet(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	b, sum := content(100_000)
	key := blob.ContentKey(sum)
	info := put(t, s, key, b, "image/jpeg")
	if info.SHA256 != sum || info.Size != int64(len(b)) || info.Key != key {
		t.Fatalf("Put info = %+v, want sha256 %s size %d", info, sum, len(b))
	}
	st, err := s.Stat(ctx, key)
	if err != nil {
		t.Fatalf("Stat: %v", err)
	}
	if st.SHA256 != sum || st.Size != int64(len(b)) || st.ContentType != "image/jpeg" || st.ETag == "" {
		t.Fatalf("Stat = %+v, want recorded sha256 %s, size %d, image/jpeg", st, sum, len(b))
	}
	if got := reader(t)(s.Get(ctx, key)); !bytes.Equal(got, b) {
		t.Fatal("Get returned other bytes")
	}
	rc, op, err := s.Open(ctx, key)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	if op.SHA256 != sum || op.Size != st.Size || op.ContentType != st.ContentType || op.ETag != st.ETag {
		t.Fatalf("Open describes %+v, Stat %+v", op, st)
	}
	if got := reader(t)(rc, nil); !bytes.Equal(got, b) {
		t.Fatal("Open returned other bytes")
	}
	if got := reader(t)(s.GetRange(ctx, key, 10, 4096)); !bytes.Equal(got, b[10:4106]) {
		t.Fatal("GetRange(10, 4096) returned other bytes")
	}
	if got := reader(t)(s.GetRange(ctx, key, 99_990, -1)); !bytes.Equal(got, b[99_990:]) {
		t.Fatal("GetRange(99990, -1) returned other bytes")
	}
	_, err = s.GetRange(ctx, key, 100_000, 10)
	wantKind(t, "GetRange past the end", err, blob.ErrInvalid)
	ok, err := s.Exists(ctx, key)
	if !ok || err != nil {
		t.Fatalf("Exists = %v, %v", ok, err)
	}
	empty := put(t, s, "empty", nil, "")
	if empty.Size != 0 || empty.SHA256 != hexSum(nil) {
		t.Fatalf("empty object: %+v", empty)
	}
}

func testPutDeclaredSHA256(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	b, sum := content(4096)
	info, err := s.Put(ctx, "ok", bytes.NewReader(b), 4096, blob.PutOptions{SHA256: sum})
	if err != nil || info.SHA256 != sum {
		t.Fatalf("Put with the right sha256: %+v, %v", info, err)
	}
	_, other := content(10)
	_, err = s.Put(ctx, "bad", bytes.NewReader(b), 4096, blob.PutOptions{SHA256: other})
	wantKind(t, "Put with a wrong sha256", err, blob.ErrChecksumMismatch)
	wantAbsent(t, s, "bad")
	_, err = s.Put(ctx, "bad", bytes.NewReader(b), 4096, blob.PutOptions{SHA256: "XYZ"})
	wantKind(t, "Put with a malformed sha256", err, blob.ErrInvalid)
}

func testPutShortBody(t *testing.T, s blob.Store) {
	b, _ := content(1000)
	_, err := s.Put(ctxT(t), "short", bytes.NewReader(b), 2000, blob.PutOptions{})
	wantKind(t, "Put of a short body", err, blob.ErrSizeMismatch)
	wantAbsent(t, s, "short")
}

func testPutTooLarge(t *testing.T, s blob.Store) {
	b, _ := content(1000)
	_, err := s.Put(ctxT(t), "big", bytes.NewReader(b), 1000, blob.PutOptions{MaxSize: 999})
	wantKind(t, "Put over MaxSize", err, blob.ErrTooLarge)
	wantAbsent(t, s, "big")
}

func testInvalidKeys(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	for _, key := range []string{"", "../etc/passwd", "/abs", "a//b", "a/./b", "a/../b", "dir/", "spa ce", "ümlaut", strings.Repeat("k", 600)} {
		_, err := s.Put(ctx, key, strings.NewReader("x"), 1, blob.PutOptions{})
		wantKind(t, "Put("+key+")", err, blob.ErrInvalid)
		_, err = s.Stat(ctx, key)
		wantKind(t, "Stat("+key+")", err, blob.ErrInvalid)
		_, err = s.PresignGet(ctx, key, 0)
		wantKind(t, "PresignGet("+key+")", err, blob.ErrInvalid)
	}
}

func testNotFound(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	_, err := s.Stat(ctx, "missing")
	wantKind(t, "Stat", err, blob.ErrNotFound)
	_, err = s.Get(ctx, "missing")
	wantKind(t, "Get", err, blob.ErrNotFound)
	_, _, err = s.Open(ctx, "missing")
	wantKind(t, "Open", err, blob.ErrNotFound)
	_, err = s.GetRange(ctx, "missing", 5, 5)
	wantKind(t, "GetRange", err, blob.ErrNotFound)
	_, err = s.Copy(ctx, "missing", "dst")
	wantKind(t, "Copy", err, blob.ErrNotFound)
	wantAbsent(t, s, "missing")
	if err := s.Delete(ctx, "missing"); err != nil {
		t.Fatalf("Delete of a missing key: %v", err)
	}
	_, err = s.ListParts(ctx, "missing", "0123456789abcdef0123456789abcdef")
	wantKind(t, "ListParts", err, blob.ErrNotFound)
	if err := s.AbortMultipart(ctx, "missing", "0123456789abcdef0123456789abcdef"); err != nil {
		t.Fatalf("AbortMultipart of an unknown upload: %v", err)
	}
}

func testCopyDelete(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	b, sum := content(5000)
	put(t, s, "staging/p1", b, "image/png")
	info, err := s.Copy(ctx, "staging/p1", blob.ContentKey(sum))
	if err != nil {
		t.Fatalf("Copy: %v", err)
	}
	if info.Size != 5000 || info.ContentType != "image/png" {
		t.Fatalf("Copy info = %+v", info)
	}
	if info.SHA256 != sum {
		t.Fatalf("Copy recorded sha256 %q, want %s", info.SHA256, sum)
	}
	if err := s.Delete(ctx, "staging/p1"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantAbsent(t, s, "staging/p1")
	if got := reader(t)(s.Get(ctx, blob.ContentKey(sum))); !bytes.Equal(got, b) {
		t.Fatal("copy has other bytes")
	}
}

func testHealth(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	if err := s.Health(ctx); err != nil {
		t.Fatalf("Health: %v", err)
	}
	if err := s.EnsureBucket(ctx); err != nil {
		t.Fatalf("EnsureBucket again: %v", err)
	}
}
