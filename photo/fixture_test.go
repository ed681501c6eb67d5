package photo_test

import (
	"bytes"
	"encoding/binary"
	"flag"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the JPEG fixtures in testdata/")

// Fixtures are small real JPEGs made here with image/jpeg and an EXIF APP1
// segment written by hand (so the reader is checked against an encoder it
// shares nothing with). Run `go test ./photo -run Fixtures -update` to
// rewrite them.
var fixtures = map[string]exifSpec{
	"gps_karwar.jpg":    {taken: "2026:01:15 10:30:00", lat: 14.8019, lon: 74.1240, gps: true},
	"offset_no_gps.jpg": {taken: "2026:01:15 16:00:00", offset: "+05:30"},
	"no_exif.jpg":       {none: true},
}

type exifSpec struct {
	none     bool
	taken    string
	offset   string
	gps      bool
	lat, lon float64
}

func TestFixtures(t *testing.T) {
	for name, spec := range fixtures {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, makeJPEG(t, 640, 480, spec), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("fixture %s missing (run with -update): %v", name, err)
		}
	}
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// makeJPEG draws a gradient and inserts spec's EXIF right after SOI.
func makeJPEG(t testing.TB, w, h int, spec exifSpec) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{uint8(x * 255 / w), uint8(y * 255 / h), 128, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		t.Fatal(err)
	}
	b := buf.Bytes()
	if spec.none {
		return b
	}
	out := append([]byte{}, b[:2]...) // SOI
	out = append(out, app1(spec)...)
	return append(out, b[2:]...)
}

type ifdEntry struct {
	tag, typ uint16
	count    uint32
	data     []byte
}

// app1 encodes a little-endian TIFF with IFD0 → Exif IFD (and GPS IFD).
func app1(spec exifSpec) []byte {
	le := binary.LittleEndian
	ascii := func(s string) []byte { return append([]byte(s), 0) }
	rationals := func(deg float64) []byte {
		d := uint32(deg)
		m := uint32((deg - float64(d)) * 60)
		s := uint32(((deg-float64(d))*60 - float64(m)) * 60 * 100)
		b := make([]byte, 24)
		for i, v := range [][2]uint32{{d, 1}, {m, 1}, {s, 100}} {
			le.PutUint32(b[i*8:], v[0])
			le.PutUint32(b[i*8+4:], v[1])
		}
		return b
	}
	exifIFD := []ifdEntry{{0x9003, 2, 20, ascii(spec.taken)}}
	if spec.offset != "" {
		exifIFD = append(exifIFD, ifdEntry{0x9011, 2, 7, ascii(spec.offset)})
	}
	var gpsIFD []ifdEntry
	if spec.gps {
		gpsIFD = []ifdEntry{
			{0x0000, 1, 4, []byte{2, 2, 0, 0}},
			{0x0001, 2, 2, ascii("N")},
			{0x0002, 5, 3, rationals(spec.lat)},
			{0x0003, 2, 2, ascii("E")},
			{0x0004, 5, 3, rationals(spec.lon)},
		}
	}
	ifd0 := []ifdEntry{{0x0110, 2, 11, ascii("Tindal Cam")}, {0x0132, 2, 20, ascii(spec.taken)}, {0x8769, 4, 1, nil}}
	if spec.gps {
		ifd0 = append(ifd0, ifdEntry{0x8825, 4, 1, nil})
	}
	off0 := uint32(8)
	offExif := off0 + ifdSize(ifd0)
	offGPS := offExif + ifdSize(exifIFD)
	ifd0[2].data = le.AppendUint32(nil, offExif)
	if spec.gps {
		ifd0[3].data = le.AppendUint32(nil, offGPS)
	}
	tiff := []byte{'I', 'I', 0x2A, 0x00, 8, 0, 0, 0}
	tiff = writeIFD(tiff, ifd0, off0)
	tiff = writeIFD(tiff, exifIFD, offExif)
	if spec.gps {
		tiff = writeIFD(tiff, gpsIFD, offGPS)
	}
	seg := append([]byte("Exif\x00\x00"), tiff...)
	head := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(head[2:], uint16(len(seg)+2))
	return append(head, seg...)
}

func ifdSize(entries []ifdEntry) uint32 {
	n := uint32(2 + 12*len(entries) + 4)
	for _, e := range entries {
		if len(e.data) > 4 {
			n += uint32(len(e.data)+1) &^ 1
		}
	}
	return n
}

// writeIFD appends an IFD that starts at offset at, its large values after it.
func writeIFD(b []byte, entries []ifdEntry, at uint32) []byte {
	le := binary.LittleEndian
	b = le.AppendUint16(b, uint16(len(entries)))
	extra := at + uint32(2+12*len(entries)+4)
	var tail []byte
	for _, e := range entries {
		b = le.AppendUint16(b, e.tag)
		b = le.AppendUint16(b, e.typ)
		b = le.AppendUint32(b, e.count)
		if len(e.data) <= 4 {
			v := make([]byte, 4)
			copy(v, e.data)
			b = append(b, v...)
			continue
		}
		b = le.AppendUint32(b, extra+uint32(len(tail)))
		tail = append(tail, e.data...)
		if len(e.data)%2 == 1 {
			tail = append(tail, 0)
		}
	}
	b = le.AppendUint32(b, 0) // no next IFD
	return append(b, tail...)
}
