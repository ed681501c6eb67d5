package photo_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"fmt"
	"image"
	"image/jpeg"
	mrand "math/rand/v2"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/testkit"
)

// BenchmarkPhotoOverhead measures what the server adds per photo on real
// MinIO — the plan (init) and complete calls — against a raw minio-go
// PutObject of the same bytes, for 2 MiB (single presigned PUT) and
// 10 MiB (multipart, verified by reading it whole) photos. Reported per
// photo: put-ms (raw PutObject), init+complete-ms, upload-ms (the client's
// presigned PUTs), and the ratios overhead/put and e2e/put.
//
// The bytes are a small JPEG padded to size and no worker runs: for the
// whole path with the thumbnail worker on a real 2,048 px photo, see
// BenchmarkPhotoUpload in package api.
//
//	source .services.env && go test ./photo -run '^$' -bench PhotoOverhead -benchtime 20x
func BenchmarkPhotoOverhead(b *testing.B) {
	for _, size := range []int{2 << 20, 10 << 20} {
		b.Run(fmt.Sprintf("%dMiB", size>>20), func(b *testing.B) { benchOverhead(b, size) })
	}
}

func benchOverhead(b *testing.B, size int) {
	e := newEnv(b, testkit.MinIO(b), photo.Options{})
	raw, bucket := rawClient(b)
	var put, overhead, upload time.Duration
	for i := 0; b.Loop(); i++ {
		data := bigJPEG(b, size)
		start := time.Now()
		if _, err := raw.PutObject(context.Background(), bucket, fmt.Sprintf("bench/%d-%d", size, i), bytes.NewReader(data),
			int64(size), minio.PutObjectOptions{ContentType: "image/jpeg"}); err != nil {
			b.Fatal(err)
		}
		put += time.Since(start)
		id := e.attach(fmt.Sprintf("b%d", i), "i1", "", data, photo.TypeJPEG)
		start = time.Now()
		p := e.plan("insp", id, data, photo.TypeJPEG)
		overhead += time.Since(start)
		start = time.Now()
		uploadPlan(b, p, data)
		upload += time.Since(start)
		start = time.Now()
		if _, err := e.complete("insp", id); err != nil {
			b.Fatal(err)
		}
		overhead += time.Since(start)
	}
	n := float64(b.N)
	ms := func(d time.Duration) float64 { return float64(d.Milliseconds()) / n }
	b.ReportMetric(ms(put), "put-ms/op")
	b.ReportMetric(ms(overhead), "init+complete-ms/op")
	b.ReportMetric(ms(upload), "upload-ms/op")
	b.ReportMetric(float64(overhead)/float64(put), "overhead/put")
	b.ReportMetric(float64(overhead+upload)/float64(put), "e2e/put")
}

func uploadPlan(b *testing.B, p photo.Plan, data []byte) {
	if p.Put != nil {
		if code, body := send(b, p.Put.Method, p.Put.URL, p.Put.Header, data); code != http.StatusOK {
			b.Fatalf("PUT: %d %s", code, body)
		}
		return
	}
	for _, part := range p.Parts {
		lo := (part.Number - 1) * photo.PartSize
		hi := min(lo+photo.PartSize, len(data))
		if code, body := send(b, part.Method, part.URL, part.Header, data[lo:hi]); code != http.StatusOK {
			b.Fatalf("part: %d %s", code, body)
		}
	}
}

// rawClient is a plain minio-go client on a fresh bucket.
func rawClient(b *testing.B) (*minio.Client, string) {
	cfg := testkit.S3Config(b)
	host := cfg.Endpoint[strings.Index(cfg.Endpoint, "://")+3:]
	c, err := minio.New(host, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), Region: cfg.Region})
	if err != nil {
		b.Fatal(err)
	}
	suffix := make([]byte, 6)
	_, _ = rand.Read(suffix)
	bucket := fmt.Sprintf("bench-%x", suffix)
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

// BenchmarkCheckImage is the cost complete adds to read a photo: the
// structural check of a 2,048 × 1,536 JPEG (CheckImage: its segments and
// scans walked to the end marker, docs/PHOTOS.md §5.1) against the SHA-256
// of the same bytes that complete computes anyway; full-decode is what a
// decode to the last pixel would cost instead (the thumbnail worker's
// first step).
//
//	go test ./photo -run '^$' -bench CheckImage -benchtime 20x
func BenchmarkCheckImage(b *testing.B) {
	data := benchPhoto(b, 2048, 1536)
	b.Run("sha256-baseline", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			_ = sha256.Sum256(data)
		}
	})
	b.Run("check", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if err := photo.CheckImage(bytes.NewReader(data), photo.TypeJPEG); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("full-decode", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for b.Loop() {
			if _, err := jpeg.Decode(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// benchPhoto is a w×h quality-85 JPEG with gradients and noise, costing a
// decoder about what a phone's photo does.
func benchPhoto(b *testing.B, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := mrand.New(mrand.NewPCG(1, 2))
	for i := 0; i < len(img.Pix); i += 4 {
		x, y := (i/4)%w, (i/4)/w
		n := rng.IntN(12)
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = byte(x/9+n), byte(y/7+n), byte((x+y)/15+n), 255
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}
