package demo

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"image"
	"image/jpeg"
	"math"
	"time"
)

// shot is what a demo photo's EXIF says: when (India time, with its
// offset) and where it was taken, as a phone's camera writes it.
type shot struct {
	At       time.Time
	Lat, Lon float64
}

// exifJPEG is a small JPEG of diagonal bands coloured from key, with an
// EXIF block (DateTimeOriginal, OffsetTimeOriginal and a GPS position)
// that the photo service reads to compare a photo with its inspection
// (docs/PHOTOS.md). The same key and shot give the same bytes.
func exifJPEG(key string, w, h int, s shot) ([]byte, error) {
	sum := sha256.Sum256([]byte(key))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			band := byte((x + y) / 20)
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = sum[0]+band*9, sum[1]+band*5, sum[2]+band*3, 255
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 75}); err != nil {
		return nil, fmt.Errorf("demo photo %s: %w", key, err)
	}
	raw := b.Bytes()
	out := append([]byte{}, raw[:2]...) // SOI
	out = append(out, exifSegment(s)...)
	return append(out, raw[2:]...), nil
}

type ifdEntry struct {
	tag, typ uint16
	count    uint32
	data     []byte
}

// exifSegment is an APP1 segment holding a little-endian TIFF: IFD0 →
// the Exif IFD (time and offset) and the GPS IFD.
func exifSegment(s shot) []byte {
	le := binary.LittleEndian
	ascii := func(v string) []byte { return append([]byte(v), 0) }
	at := s.At.In(ist)
	taken := ascii(at.Format("2006:01:02 15:04:05"))
	exifIFD := []ifdEntry{{0x9003, 2, 20, taken}, {0x9011, 2, 7, ascii("+05:30")}}
	gpsIFD := []ifdEntry{
		{0x0000, 1, 4, []byte{2, 2, 0, 0}},
		{0x0001, 2, 2, ascii("N")},
		{0x0002, 5, 3, rationals(s.Lat)},
		{0x0003, 2, 2, ascii("E")},
		{0x0004, 5, 3, rationals(s.Lon)},
	}
	ifd0 := []ifdEntry{
		{0x0110, 2, 11, ascii("Tindal Cam")}, {0x0132, 2, 20, taken}, {0x8769, 4, 1, nil}, {0x8825, 4, 1, nil},
	}
	off0 := uint32(8)
	offExif := off0 + ifdSize(ifd0)
	offGPS := offExif + ifdSize(exifIFD)
	ifd0[2].data = le.AppendUint32(nil, offExif)
	ifd0[3].data = le.AppendUint32(nil, offGPS)
	tiff := []byte{'I', 'I', 0x2A, 0x00, 8, 0, 0, 0}
	tiff = writeIFD(tiff, ifd0, off0)
	tiff = writeIFD(tiff, exifIFD, offExif)
	tiff = writeIFD(tiff, gpsIFD, offGPS)
	seg := append([]byte("Exif\x00\x00"), tiff...)
	head := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(head[2:], u16(len(seg)+2))
	return append(head, seg...)
}

// rationals is a coordinate as EXIF's degrees, minutes and hundredths of
// seconds.
func rationals(deg float64) []byte {
	deg = math.Abs(deg)
	d := uint32(deg)
	m := uint32((deg - float64(d)) * 60)
	sec := uint32(((deg-float64(d))*60 - float64(m)) * 60 * 100)
	b := make([]byte, 24)
	for i, v := range [][2]uint32{{d, 1}, {m, 1}, {sec, 100}} {
		binary.LittleEndian.PutUint32(b[i*8:], v[0])
		binary.LittleEndian.PutUint32(b[i*8+4:], v[1])
	}
	return b
}

func ifdSize(entries []ifdEntry) uint32 {
	n := u32(2 + 12*len(entries) + 4)
	for _, e := range entries {
		if len(e.data) > 4 {
			n += u32(len(e.data)+1) &^ 1
		}
	}
	return n
}

// writeIFD appends an IFD that starts at offset at, its large values after it.
func writeIFD(b []byte, entries []ifdEntry, at uint32) []byte {
	le := binary.LittleEndian
	b = le.AppendUint16(b, u16(len(entries)))
	extra := at + u32(2+12*len(entries)+4)
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
		b = le.AppendUint32(b, extra+u32(len(tail)))
		tail = append(tail, e.data...)
		if len(e.data)%2 == 1 {
			tail = append(tail, 0)
		}
	}
	b = le.AppendUint32(b, 0) // no next IFD
	return append(b, tail...)
}

// u32 and u16 are lengths within the EXIF block this file writes, a few
// hundred bytes, as TIFF stores them.
func u32(n int) uint32 { return uint32(n) } //nolint:gosec // a few hundred bytes at most

func u16(n int) uint16 { return uint16(n) } //nolint:gosec // a few hundred bytes at most
