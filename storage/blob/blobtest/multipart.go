package blobtest

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/storage/blob"
)

func createUpload(t *testing.T, s blob.Store, key string) string {
	t.Helper()
	id, err := s.CreateMultipart(ctxT(t), key, "image/heic")
	if err != nil || id == "" {
		t.Fatalf("CreateMultipart: %q, %v", id, err)
	}
	return id
}

// sendPart uploads one part through its presigned URL and returns its ETag.
func sendPart(t *testing.T, s blob.Store, key, id string, n int, b []byte) string {
	t.Helper()
	p, err := s.PresignPart(ctxT(t), key, id, n, 0)
	if err != nil {
		t.Fatalf("PresignPart(%d): %v", n, err)
	}
	resp, body := send(t, p, b, nil)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") == "" {
		t.Fatalf("PUT part %d: %d %s", n, resp.StatusCode, body)
	}
	return resp.Header.Get("ETag")
}

func listParts(t *testing.T, s blob.Store, key, id string) []blob.Part {
	t.Helper()
	parts, err := s.ListParts(ctxT(t), key, id)
	if err != nil {
		t.Fatalf("ListParts: %v", err)
	}
	return parts
}

func testMultipartResume(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	b, sum := content(blob.MinPartSize + 123_456)
	key := blob.StagingKey("0195c1a2-photo")
	id := createUpload(t, s, key)
	if parts := listParts(t, s, key, id); len(parts) != 0 {
		t.Fatalf("fresh upload lists parts %+v", parts)
	}
	sendPart(t, s, key, id, 1, b[:blob.MinPartSize])

	// The phone loses its connection; on resume it asks what arrived.
	parts := listParts(t, s, key, id)
	if len(parts) != 1 || parts[0].Number != 1 || parts[0].Size != blob.MinPartSize || parts[0].ETag == "" {
		t.Fatalf("after part 1, ListParts = %+v", parts)
	}
	sendPart(t, s, key, id, 2, b[blob.MinPartSize:])
	parts = listParts(t, s, key, id)
	if len(parts) != 2 || parts[1].Number != 2 || parts[1].Size != 123_456 {
		t.Fatalf("after part 2, ListParts = %+v", parts)
	}
	info, err := s.CompleteMultipart(ctx, key, id, parts)
	if err != nil {
		t.Fatalf("CompleteMultipart: %v", err)
	}
	if info.Size != int64(len(b)) || info.ContentType != "image/heic" {
		t.Fatalf("completed object = %+v", info)
	}
	if info.SHA256 != "" && info.SHA256 != sum {
		t.Fatalf("completed object records sha256 %s, want %s or none", info.SHA256, sum)
	}
	if got := reader(t)(s.Get(ctx, key)); !bytes.Equal(got, b) {
		t.Fatal("completed object has other bytes")
	}
	_, err = s.CompleteMultipart(ctx, key, id, parts)
	wantKind(t, "completing twice", err, blob.ErrNotFound)
	_, err = s.ListParts(ctx, key, id)
	wantKind(t, "ListParts after completion", err, blob.ErrNotFound)
}

func testMultipartInvalid(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	key := blob.StagingKey("small-parts")
	id := createUpload(t, s, key)
	small1, _ := content(1000)
	small2, _ := content(1000)
	e1 := sendPart(t, s, key, id, 1, small1)
	e2 := sendPart(t, s, key, id, 2, small2)
	_, err := s.CompleteMultipart(ctx, key, id, []blob.Part{{Number: 1, ETag: e1}, {Number: 2, ETag: e2}})
	wantKind(t, "a first part under 5 MiB", err, blob.ErrInvalid)
	_, err = s.CompleteMultipart(ctx, key, id, []blob.Part{{Number: 2, ETag: e1}})
	wantKind(t, "a wrong ETag", err, blob.ErrInvalid)
	_, err = s.CompleteMultipart(ctx, key, id, []blob.Part{{Number: 2, ETag: e2}, {Number: 1, ETag: e1}})
	wantKind(t, "parts out of order", err, blob.ErrInvalid)
	_, err = s.PresignPart(ctx, key, id, 0, 0)
	wantKind(t, "part number 0", err, blob.ErrInvalid)
	// The last part alone may be small.
	info, err := s.CompleteMultipart(ctx, key, id, []blob.Part{{Number: 1, ETag: strings.Trim(e1, `"`)}})
	if err != nil || info.Size != 1000 {
		t.Fatalf("one small part: %+v, %v", info, err)
	}
}

func testMultipartAbortAndList(t *testing.T, s blob.Store) {
	ctx := ctxT(t)
	before := time.Now().Add(-time.Minute)
	a := createUpload(t, s, "staging/a")
	b := createUpload(t, s, "staging/b")
	small, _ := content(10)
	sendPart(t, s, "staging/a", a, 1, small)
	ups, err := s.ListUploads(ctx, time.Now().Add(time.Minute))
	if err != nil || len(ups) != 2 {
		t.Fatalf("ListUploads(now+1m) = %+v, %v; want both uploads", ups, err)
	}
	for _, u := range ups {
		if u.ID != a && u.ID != b || u.Initiated.Before(before) {
			t.Fatalf("unexpected upload %+v", u)
		}
	}
	if ups, err := s.ListUploads(ctx, before); err != nil || len(ups) != 0 {
		t.Fatalf("ListUploads(1m ago) = %+v, %v; want none", ups, err)
	}
	for range 2 { // idempotent
		if err := s.AbortMultipart(ctx, "staging/a", a); err != nil {
			t.Fatalf("AbortMultipart: %v", err)
		}
	}
	_, err = s.ListParts(ctx, "staging/a", a)
	wantKind(t, "ListParts after abort", err, blob.ErrNotFound)
	ups, _ = s.ListUploads(ctx, time.Now().Add(time.Minute))
	if len(ups) != 1 || ups[0].ID != b || ups[0].Key != "staging/b" {
		t.Fatalf("after abort, ListUploads = %+v", ups)
	}
	wantAbsent(t, s, "staging/a")
}
