package photo

import (
	"bytes"
	"image"
	"image/jpeg"
	"math"
	"math/rand"
	"syscall"
	"testing"
	"time"
)

// photoJPEG encodes a photographic-like w×h image at quality 85: smooth
// gradients, soft shapes and sensor-like noise (what a phone's 2,048 px
// photo costs to decode; a flat or random image would not).
func photoJPEG(tb testing.TB, w, h int, seed int64) []byte {
	rng := rand.New(rand.NewSource(seed))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cx, cy := rng.Float64()*float64(w), rng.Float64()*float64(h)
	c8 := func(v float64) uint8 { return uint8(max(0, min(255, v))) }
	for y := range h {
		for x := range w {
			fx, fy := float64(x)/float64(w), float64(y)/float64(h)
			shade := 0.5 + 0.5*math.Cos(math.Hypot(float64(x)-cx, float64(y)-cy)/float64(w)*9)
			n := rng.NormFloat64() * 6
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] =
				c8(70+120*fy+40*shade+n), c8(90+80*fx+50*shade+n), c8(150-90*fy+30*math.Sin(fx*12)+n), 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Fatal(err)
	}
	return buf.Bytes()
}

func TestThumbnailSizesAndOrientation(t *testing.T) {
	data := photoJPEG(t, 2048, 1536, 1)
	for _, c := range []struct {
		orientation          int
		w, h                 int // reported
		largeW, largeH, smlW int
	}{
		{0, 2048, 1536, 1280, 960, 320},
		{1, 2048, 1536, 1280, 960, 320},
		{3, 2048, 1536, 1280, 960, 320},
		{6, 1536, 2048, 960, 1280, 240}, // a quarter turn: portrait
		{8, 1536, 2048, 960, 1280, 240},
	} {
		th, err := makeThumbnails(data, TypeJPEG, c.orientation)
		if err != nil {
			t.Fatal(err)
		}
		large, err := jpeg.DecodeConfig(bytes.NewReader(th.Large))
		if err != nil {
			t.Fatal(err)
		}
		small, err := jpeg.DecodeConfig(bytes.NewReader(th.Small))
		if err != nil {
			t.Fatal(err)
		}
		if th.Width != c.w || th.Height != c.h || large.Width != c.largeW || large.Height != c.largeH || small.Width != c.smlW {
			t.Errorf("orientation %d: photo %dx%d, large %dx%d, small %dx%d", c.orientation, th.Width, th.Height,
				large.Width, large.Height, small.Width, small.Height)
		}
	}
	// Never enlarged: a 200 px image keeps its size.
	th, err := makeThumbnails(photoJPEG(t, 200, 150, 2), TypeJPEG, 0)
	if err != nil {
		t.Fatal(err)
	}
	if cfg, _ := jpeg.DecodeConfig(bytes.NewReader(th.Large)); cfg.Width != 200 {
		t.Errorf("200 px image: large thumbnail %d px wide", cfg.Width)
	}
}

// BenchmarkMakeThumbnails is the worker's image work for one 2,048×1,536
// photo (decode, 1280 and 320 px thumbnails, encode), reporting the CPU
// time it takes (all threads) beside the wall time.
//
//	go test ./photo -run '^$' -bench MakeThumbnails -benchtime 10x
func BenchmarkMakeThumbnails(b *testing.B) {
	data := photoJPEG(b, 2048, 1536, 3)
	var before, after syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	start := time.Now()
	for b.Loop() {
		if _, err := makeThumbnails(data, TypeJPEG, 0); err != nil {
			b.Fatal(err)
		}
	}
	wall := time.Since(start)
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	cpu := time.Duration(after.Utime.Nano() - before.Utime.Nano() + after.Stime.Nano() - before.Stime.Nano())
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(cpu)/float64(wall), "cores")
}
