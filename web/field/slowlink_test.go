package field_test

import (
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/tindal/tindal/web/webtest"
)

// patchOffset finds each photo PATCH's Upload-Offset in what the browser sent.
var patchOffset = regexp.MustCompile(`(?is)PATCH /v1/photos/[^ ]+/content HTTP/1\.1\r\n(?:[^\r\n]+\r\n)*?Upload-Offset: (\d+)\r\n`)

// TestAPhotoOnASlowLinkResumes: a photo of ~60 KB uploaded on a 40 kbit/s
// uplink that drops once in the middle of its bytes: the upload goes on
// from the offset the server holds, never from byte 0 again, and the
// server verifies the photo with the phone's hash.
func TestAPhotoOnASlowLinkResumes(t *testing.T) {
	t.Parallel()
	s, net, ctx := signedIn(t)
	net.Cut()
	file, sum := noisyPhoto(t)
	_, insp := startInspection(t, ctx, nil)
	answer(t, ctx, 0, "yes")
	webtest.Do(t, ctx, chromedp.SetUploadFiles(chromedp.CSS("#camera"), []string{file}))
	waitFor(t, ctx, `document.querySelectorAll('#thumbs li').length === 1`, 20*time.Second)
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#submit")))
	webtest.Do(t, ctx, chromedp.WaitVisible(chromedp.CSS("#status")))

	net.Throttle(5000) // 40 kbit/s
	net.Restore()
	route(t, ctx, "#/sync")
	onScreen(t, ctx, "sync:")
	webtest.Do(t, ctx, chromedp.Click(chromedp.CSS("#sync-now")))
	// The drop: once 20 KB of the photo's first PATCH went out.
	deadline := time.Now().Add(120 * time.Second)
	for {
		all := net.SentText()
		i := strings.Index(all, "PATCH /v1/photos/")
		if i >= 0 && len(all)-i > 20000 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the photo's upload never got 20 KB out")
		}
		time.Sleep(100 * time.Millisecond)
	}
	net.Cut()
	time.Sleep(1500 * time.Millisecond)
	net.Restore()

	var state, held string
	for range 240 {
		_ = s.DB.SQL.QueryRowContext(t.Context(), `SELECT state, sha256 FROM photos WHERE inspection_id = $1`, insp).Scan(&state, &held)
		if state == "verified" {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	if state != "verified" || held != sum {
		t.Fatalf("the server holds the photo %s as %q, want verified with the phone's hash %s", held, state, sum)
	}
	var offsets []int
	for _, m := range patchOffset.FindAllStringSubmatch(net.SentText(), -1) {
		n, _ := strconv.Atoi(m[1])
		offsets = append(offsets, n)
	}
	t.Logf("PATCH Upload-Offset values: %v", offsets)
	if len(offsets) < 2 || offsets[0] != 0 {
		t.Fatalf("PATCH offsets %v, want a first from 0 and a resumed one", offsets)
	}
	for _, o := range offsets[1:] {
		if o == 0 {
			t.Errorf("a PATCH after the drop started from byte 0 again (offsets %v), want the server's offset", offsets)
		}
	}
}

// noisyPhoto writes a JPEG of about 60 KB (noise compresses badly) and its SHA-256.
func noisyPhoto(t *testing.T) (file, sum string) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 300, 200))
	r := rand.New(rand.NewPCG(1, 2))
	for y := range 200 {
		for x := range 300 {
			img.Set(x, y, color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 0xff})
		}
	}
	file = filepath.Join(t.TempDir(), "IMG_0001.jpg")
	w, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(w, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	_ = w.Close()
	b, _ := os.ReadFile(file)
	if len(b) < 40000 {
		t.Fatalf("the photo is %d bytes, want some 60 KB", len(b))
	}
	return file, fmt.Sprintf("%x", sha256.Sum256(b))
}
