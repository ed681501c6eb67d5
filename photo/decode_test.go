package photo_test

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	_ "image/jpeg" // image.Decode of the fixtures
	"image/png"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
)

// polyglot is the attack of the report: 511 bytes, a JPEG's first segment
// and then an HTML page with a script. Its signature is a JPEG's.
func polyglot() []byte {
	b := []byte("\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00" +
		"<html><body><script>fetch('/v1/me').then(r=>r.text()).then(alert)</script></body></html>")
	return append(b, bytes.Repeat([]byte(" "), 511-len(b))...)
}

// pngBytes is a real w×h PNG.
func pngBytes(t testing.TB, w, h int) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, 0, color.NRGBA{uint8(x), 80, 200, 255}) //nolint:gosec // a test gradient
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withSOFSize is the JPEG with the frame size in its SOF header changed
// (a decompression bomb's header on a small file).
func withSOFSize(t testing.TB, jpg []byte, w, h uint16) []byte {
	b := bytes.Clone(jpg)
	for i := 2; i+9 < len(b); i++ {
		if b[i] == 0xFF && (b[i+1] == 0xC0 || b[i+1] == 0xC2) {
			binary.BigEndian.PutUint16(b[i+5:], h)
			binary.BigEndian.PutUint16(b[i+7:], w)
			return b
		}
	}
	t.Fatal("no SOF marker")
	return nil
}

// box is an ISO-BMFF box.
func box(typ string, body ...[]byte) []byte {
	b := bytes.Join(body, nil)
	return append(binary.BigEndian.AppendUint32(nil, uint32(8+len(b))), append([]byte(typ), b...)...) //nolint:gosec // small
}

// heicBytes is a well-formed HEIF file of a w×h image: ftyp, a meta box
// whose properties say the size, and an mdat holding pixels (arbitrary
// here: the server does not decode HEIC).
func heicBytes(w, h uint32, pixels []byte) []byte {
	ispe := box("ispe", []byte{0, 0, 0, 0}, binary.BigEndian.AppendUint32(nil, w), binary.BigEndian.AppendUint32(nil, h))
	meta := box("meta", []byte{0, 0, 0, 0}, box("hdlr", make([]byte, 25)), box("iprp", box("ipco", ispe)))
	return bytes.Join([][]byte{box("ftyp", []byte("heic\x00\x00\x00\x00mif1heic")), meta, box("mdat", pixels)}, nil)
}

// webp1x1 is a 1×1 lossless WebP.
const webp1x1 = "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="

// TestCheckImage: a photo is accepted only when its bytes are a whole
// image of its type, decoded to its end within the pixel limit; a file
// that only begins like one is refused (docs/PHOTOS.md §5).
func TestCheckImage(t *testing.T) {
	jpg := readFixture(t, "gps_karwar.jpg")
	pngOK := pngBytes(t, 64, 48)
	webp, _ := base64.StdEncoding.DecodeString(webp1x1)
	heic := heicBytes(4032, 3024, bytes.Repeat([]byte{7}, 300))
	progressive := readFixture(t, "progressive.jpg")
	interlaced := interlacedPNG(t, 37, 23)
	page := []byte("<!DOCTYPE html><html><body><script>fetch('/v1/me')</script></body></html>")
	tests := []struct {
		name string
		data []byte
		ct   string
		ok   bool
	}{
		{"a camera JPEG with EXIF", jpg, photo.TypeJPEG, true},
		{"a JPEG with a trailer after its end (a phone's extra data)", bigJPEG(t, 40_000), photo.TypeJPEG, true},
		{"a JPEG with a second JPEG after its end (a multi-picture file)", append(bytes.Clone(jpg), progressive...), photo.TypeJPEG, true},
		// A motion photo's video is megabytes of binary bytes: "<svg" or
		// "<img" turns up in them by chance (once in ~2^28 bytes), never
		// followed by a page's text.
		{"a JPEG whose binary trailer holds <svg and <IMG by chance", append(bytes.Clone(jpg),
			"\x00\x9f<svg\x01\x8c\xfe\x00\x13\x07\x88\xa1\x02\x00\x00\xc4\x10\x7f\x80<IMG\xff\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0b\x0c\x0e\x0f\x10"...),
			photo.TypeJPEG, true},
		{"JPEG with an SVG page after its end", append(bytes.Clone(jpg), `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`...),
			photo.TypeJPEG, false},
		{"a progressive JPEG", progressive, photo.TypeJPEG, true},
		{"a PNG", pngOK, photo.TypePNG, true},
		{"an interlaced PNG", interlaced, photo.TypePNG, true},
		{"a WebP", webp, photo.TypeWebP, true},
		{"a HEIC, well-formed", heic, photo.TypeHEIC, true},
		{"polyglot: JPEG header, then HTML and a script", polyglot(), photo.TypeJPEG, false},
		{"JPEG cut in half", jpg[:len(jpg)/2], photo.TypeJPEG, false},
		{"JPEG without its end marker", jpg[:len(jpg)-2], photo.TypeJPEG, false},
		{"JPEG with a web page after its end", append(bytes.Clone(jpg), page...), photo.TypeJPEG, false},
		{"JPEG with a script after a binary trailer", append(bigJPEG(t, 40_000), "<SCRIPT>alert(1)</SCRIPT>"...), photo.TypeJPEG, false},
		{"JPEG with a script between its segments", scriptBetweenSegments(t, jpg), photo.TypeJPEG, false},
		{"JPEG whose scan is cut by a stray marker", strayMarker(t, jpg), photo.TypeJPEG, false},
		{"progressive JPEG cut short", progressive[:len(progressive)*3/4], photo.TypeJPEG, false},
		{"JPEG header only", jpg[:20], photo.TypeJPEG, false},
		{"JPEG whose header says 65000×65000 pixels", withSOFSize(t, jpg, 65000, 65000), photo.TypeJPEG, false},
		{"bare PNG signature", []byte("\x89PNG\r\n\x1a\n"), photo.TypePNG, false},
		{"PNG cut short", pngOK[:len(pngOK)-20], photo.TypePNG, false},
		{"PNG signature then HTML", append([]byte("\x89PNG\r\n\x1a\n"), "<script>alert(1)</script>"...), photo.TypePNG, false},
		{"PNG with a web page after its end", append(bytes.Clone(pngOK), page...), photo.TypePNG, false},
		{"PNG with a damaged byte in its data", damagedIDAT(t, pngOK), photo.TypePNG, false},
		{"interlaced PNG cut short", interlaced[:len(interlaced)-30], photo.TypePNG, false},
		{"WebP cut short", webp[:len(webp)-6], photo.TypeWebP, false},
		{"HEIC signature then JPEG bytes", append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), jpg[100:600]...), photo.TypeHEIC, false},
		{"HEIC cut short", heic[:len(heic)-50], photo.TypeHEIC, false},
		{"HEIC then HTML", append(bytes.Clone(heic), "<script>alert(1)</script>"...), photo.TypeHEIC, false},
		{"HEIC of 20000×20000 pixels", heicBytes(20000, 20000, []byte{1}), photo.TypeHEIC, false},
		{"HEIC without pixels", heic[:len(heicBytes(1, 1, nil))-8], photo.TypeHEIC, false},
		{"SVG declared JPEG", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), photo.TypeJPEG, false},
		{"SVG as its own type", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), "image/svg+xml", false},
		{"empty", nil, photo.TypeJPEG, false},
	}
	for _, tc := range tests {
		err := photo.CheckImage(bytes.NewReader(tc.data), tc.ct)
		var bad *photo.NotImageError
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case !tc.ok && !errors.As(err, &bad):
			t.Errorf("%s: CheckImage = %v, want a refusal", tc.name, err)
		case !tc.ok && (strings.Contains(bad.Detail, "EOF") || strings.Contains(bad.Detail, "jpeg:") || strings.Contains(bad.Detail, "png:")):
			t.Errorf("%s: the detail names a Go error: %q", tc.name, bad.Detail)
		}
	}
}

// scriptBetweenSegments is the JPEG with a script inserted in front of
// its second segment's marker (decoders skip such bytes).
func scriptBetweenSegments(t testing.TB, jpg []byte) []byte {
	i := bytes.Index(jpg[2:], []byte{0xFF, 0xDB})
	if i < 0 {
		t.Fatal("no DQT marker")
	}
	return append(append(bytes.Clone(jpg[:i+2]), "<script>alert(1)</script>"...), jpg[i+2:]...)
}

// strayMarker is the JPEG with a byte of its scan data replaced by 0xFF:
// a marker (0xFF then a data byte) where the coded pixels should go on.
func strayMarker(t testing.TB, jpg []byte) []byte {
	sos := bytes.Index(jpg, []byte{0xFF, 0xDA})
	if sos < 0 {
		t.Fatal("no SOS marker")
	}
	b := bytes.Clone(jpg)
	for i := sos + 200; i < len(b)-4; i++ {
		if b[i] != 0xFF && b[i+1] != 0xFF && b[i+1] != 0x00 && (b[i+1] < 0xD0 || b[i+1] > 0xD7) && b[i-1] != 0xFF {
			b[i] = 0xFF
			b[i+1] = 0xE5 // an APP5 segment's marker in the middle of the data
			return b
		}
	}
	t.Fatal("no byte to replace")
	return nil
}

// damagedIDAT is the PNG with one byte of its image data changed (its
// chunk's CRC no longer matches).
func damagedIDAT(t testing.TB, p []byte) []byte {
	i := bytes.Index(p, []byte("IDAT"))
	if i < 0 {
		t.Fatal("no IDAT")
	}
	b := bytes.Clone(p)
	b[i+6] ^= 0x40
	return b
}

// interlacedPNG is a w×h 8-bit RGB PNG coded in Adam7's seven passes
// (Go's encoder writes none), each row unfiltered.
func interlacedPNG(t testing.TB, w, h int) []byte {
	var raw bytes.Buffer
	for _, p := range [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}} {
		for y := p[1]; y < h; y += p[3] {
			if p[0] >= w {
				break
			}
			raw.WriteByte(0)
			for x := p[0]; x < w; x += p[2] {
				raw.Write([]byte{byte(x * 6), byte(y * 11), 90})
			}
		}
	}
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	_, _ = zw.Write(raw.Bytes())
	_ = zw.Close()
	chunk := func(typ string, data []byte) []byte {
		c := binary.BigEndian.AppendUint32(nil, uint32(len(data))) //nolint:gosec // small
		c = append(append(c, typ...), data...)
		return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
	}
	ihdr := binary.BigEndian.AppendUint32(binary.BigEndian.AppendUint32(nil, uint32(w)), uint32(h)) //nolint:gosec // small
	ihdr = append(ihdr, 8, 2, 0, 0, 1)
	zb := z.Bytes()
	out := bytes.Join([][]byte{[]byte("\x89PNG\r\n\x1a\n"), chunk("IHDR", ihdr),
		chunk("IDAT", zb[:len(zb)/2]), chunk("IDAT", zb[len(zb)/2:]), chunk("IEND", nil)}, nil)
	if _, err := png.Decode(bytes.NewReader(out)); err != nil {
		t.Fatalf("the interlaced PNG does not decode: %v", err)
	}
	return out
}

// TestCheckImageRefusesNoDecodableImage: every damaged copy of the
// fixtures that Go's decoders still decode whole is accepted by the
// structural check too (one byte changed, removed or inserted at random):
// what is checked as the bytes stream through never refuses an image the
// full decode accepted.
func TestCheckImageRefusesNoDecodableImage(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 7))
	for _, f := range []struct {
		data []byte
		ct   string
	}{
		{readFixture(t, "gps_karwar.jpg"), photo.TypeJPEG},
		{readFixture(t, "progressive.jpg"), photo.TypeJPEG},
		{pngBytes(t, 64, 48), photo.TypePNG},
		{interlacedPNG(t, 37, 23), photo.TypePNG},
	} {
		for k := range 150 {
			b, i := bytes.Clone(f.data), rng.IntN(len(f.data))
			switch k % 3 {
			case 0:
				b[i] = byte(rng.IntN(256))
			case 1:
				b = append(b[:i:i], f.data[i+1:]...)
			default:
				b = append(append(b[:i:i], byte(rng.IntN(256))), f.data[i:]...)
			}
			if _, _, err := image.Decode(bytes.NewReader(b)); err != nil {
				continue
			}
			if err := photo.CheckImage(bytes.NewReader(b), f.ct); err != nil {
				t.Errorf("%s, change %d at byte %d: decodes whole but refused: %v", f.ct, k, i, err)
			}
		}
	}
}

// TestNotWholeImagesRefusedOnEveryPath: a polyglot, a truncated JPEG and
// PNG, and a pixel bomb's header, each declared with its right hash, size
// and type, are refused as unsupported_type (422, permanent) on every way
// a photo arrives — a presigned single PUT and complete, a multipart
// upload and complete, and the resumable upload through the server — and
// nothing is kept: the photo is rejected, no blob is recorded, no object
// is left in the store (staged or at the content key).
func TestNotWholeImagesRefusedOnEveryPath(t *testing.T) {
	jpg := readFixture(t, "no_exif.jpg")
	pngOK := pngBytes(t, 64, 48)
	bad := []struct {
		name string
		data []byte
		ct   string
	}{
		{"polyglot", polyglot(), photo.TypeJPEG},
		{"truncated JPEG", jpg[:len(jpg)*2/3], photo.TypeJPEG},
		{"truncated PNG", pngOK[:len(pngOK)-20], photo.TypePNG},
		{"pixel bomb header", withSOFSize(t, jpg, 65000, 65000), photo.TypeJPEG},
		{"web page after the end marker", append(bytes.Clone(jpg), "<html><script>alert(1)</script></html>"...), photo.TypeJPEG},
		// Over 5 MiB: a multipart plan. The HTML is at the start; the rest pads.
		{"large polyglot", append(polyglot(), bytes.Repeat([]byte("<p>x</p>"), 6<<17)...), photo.TypeJPEG},
	}
	stores(t, func(t *testing.T, e *env) {
		for i, b := range bad {
			for _, how := range []string{"presigned", "resumable"} {
				id := e.attach(b.name+how, "i1", "f1", b.data, b.ct)
				var err error
				if how == "resumable" {
					_, err = e.svc.PutContent(ctx(t), e.scope("insp"), id, bytes.NewReader(b.data), int64(len(b.data)))
				} else {
					p := e.plan("insp", id, b.data, b.ct)
					if p.Put != nil {
						if code, body := send(t, p.Put.Method, p.Put.URL, p.Put.Header, b.data); code != http.StatusOK {
							t.Fatalf("%s: PUT %d %s", b.name, code, body)
						}
					}
					for _, part := range p.Parts {
						sendPart(t, part, b.data)
					}
					_, err = e.complete("insp", id)
				}
				if codeOf(err) != photo.RejectType {
					t.Errorf("%s %s (%d): %v, want unsupported_type", how, b.name, i, err)
				}
				if s := e.state(id); s != photo.StateRejected {
					t.Errorf("%s %s: photo %s, want rejected", how, b.name, s)
				}
			}
			// The plan's row of the bytes it waits for stays as it was: uploading, no object.
			if n := e.count(`SELECT count(*) FROM blobs WHERE sha256 = ? AND (state <> 'uploading' OR object_key IS NOT NULL)`,
				sum(b.data)); n != 0 {
				t.Errorf("%s: %d blob rows were recorded for it", b.name, n)
			}
		}
		var left []string
		e.must(e.store.List(ctx(t), "", func(i blob.Info) error {
			left = append(left, i.Key)
			return nil
		}))
		if len(left) != 0 {
			t.Errorf("objects left behind: %v", left)
		}
	})
}
