package photo_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/tindal/tindal/photo"
)

// exifAllocBudget bounds what ReadExif may allocate for one input: a
// constant plus a multiple of the input. A hostile count or offset in an
// IFD must not make it allocate by what the block claims rather than what
// it holds (photos are read whole, up to photo.MaxSize).
func exifAllocBudget(n int) uint64 { return 16<<20 + 64*uint64(n) }

// exifHang is far beyond what any input of a fuzzing run takes; an input
// that takes longer is a loop (an IFD chain that points back on itself).
const exifHang = 30 * time.Second

// FuzzReadExif feeds hostile bytes to the EXIF reader every uploaded photo
// goes through (docs/PHOTOS.md): it never panics, finishes, allocates within
// exifAllocBudget, and what it returns is coherent: nothing read without an
// EXIF block; both coordinates or neither, finite and on the globe; a
// capture time in UTC.
func FuzzReadExif(f *testing.F) {
	for _, name := range []string{"gps_karwar.jpg", "offset_no_gps.jpg", "no_exif.jpg"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(exifSegment(b))
	}
	f.Add([]byte("Exif\x00\x00II*\x00garbage"))
	f.Add([]byte("Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x01\x01\x0f\x00\x02\xff\xff\xff\xff\x00\x00\x00\x08\x00\x00\x00\x08"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		done := make(chan photo.Exif, 1)
		go func() { done <- photo.ReadExif(data) }()
		var x photo.Exif
		select {
		case x = <-done:
		case <-time.After(exifHang):
			t.Fatalf("ReadExif did not return within %v on %d bytes", exifHang, len(data))
		}
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > exifAllocBudget(len(data)) {
			t.Fatalf("ReadExif allocated %d bytes for %d bytes of input (budget %d)", got, len(data), exifAllocBudget(len(data)))
		}
		if !x.Found && (x.TakenAt != nil || x.Lat != nil || x.Lon != nil) {
			t.Fatalf("values without an EXIF block: %+v", x)
		}
		if (x.Lat == nil) != (x.Lon == nil) {
			t.Fatalf("one coordinate without the other: %+v", x)
		}
		if x.Lat != nil && (math.IsNaN(*x.Lat) || math.IsNaN(*x.Lon) || math.Abs(*x.Lat) > 90 || math.Abs(*x.Lon) > 180) {
			t.Fatalf("position off the globe: %v,%v", *x.Lat, *x.Lon)
		}
		if x.TakenAt != nil && x.TakenAt.Location() != time.UTC {
			t.Fatalf("capture time not in UTC: %v", x.TakenAt)
		}
	})
}

// exifSegment returns a JPEG's APP1 EXIF segment ("Exif\0\0" and the TIFF
// block), or the first 512 bytes when it has none: small seeds mutate
// faster than whole photos.
func exifSegment(jpeg []byte) []byte {
	i := bytes.Index(jpeg, []byte("Exif\x00\x00"))
	if i < 4 {
		return jpeg[:min(len(jpeg), 512)]
	}
	n := int(binary.BigEndian.Uint16(jpeg[i-2:]))
	return jpeg[i:min(len(jpeg), i-2+n)]
}
