package photo_test

import (
	"math"
	"testing"
	"time"

	"github.com/tindal/tindal/photo"
)

func TestReadExif(t *testing.T) {
	x := photo.ReadExif(readFixture(t, "gps_karwar.jpg"))
	if !x.Found || x.TakenAt == nil || x.Lat == nil || x.Lon == nil {
		t.Fatalf("gps_karwar.jpg: %+v", x)
	}
	// 10:30 with no offset is read as Asia/Kolkata: 05:00 UTC.
	if want := time.Date(2026, 1, 15, 5, 0, 0, 0, time.UTC); !x.TakenAt.Equal(want) {
		t.Errorf("taken at %v, want %v", x.TakenAt, want)
	}
	if math.Abs(*x.Lat-14.8019) > 1e-3 || math.Abs(*x.Lon-74.1240) > 1e-3 {
		t.Errorf("position %v,%v, want 14.8019,74.1240", *x.Lat, *x.Lon)
	}

	x = photo.ReadExif(readFixture(t, "offset_no_gps.jpg"))
	if !x.Found || x.TakenAt == nil || x.Lat != nil {
		t.Fatalf("offset_no_gps.jpg: %+v", x)
	}
	if want := time.Date(2026, 1, 15, 10, 30, 0, 0, time.UTC); !x.TakenAt.Equal(want) {
		t.Errorf("taken at %v, want %v (offset +05:30 honoured)", x.TakenAt, want)
	}

	if x := photo.ReadExif(readFixture(t, "no_exif.jpg")); x.Found || x.TakenAt != nil {
		t.Errorf("no_exif.jpg: %+v", x)
	}
	if x := photo.ReadExif([]byte("Exif\x00\x00II*\x00garbage")); x.TakenAt != nil || x.Lat != nil {
		t.Errorf("garbage: %+v", x)
	}
}
