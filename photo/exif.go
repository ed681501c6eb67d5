package photo

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	exif "github.com/dsoprea/go-exif/v3"
	exifcommon "github.com/dsoprea/go-exif/v3/common"

	"github.com/tindal/tindal/rules"
)

// Exif is what Tindal reads from a photo's EXIF block: when and where it
// was taken. Either may be missing; Found is false when there is no EXIF
// block at all (the photo is then marked, not rejected).
type Exif struct {
	Found   bool
	TakenAt *time.Time
	Lat     *float64
	Lon     *float64
	// Orientation is IFD0's Orientation tag (1–8; 0 when absent): how the
	// thumbnails are turned.
	Orientation int
}

// exifTimeLayout is EXIF's DateTime format.
const exifTimeLayout = "2006:01:02 15:04:05"

// ReadExif extracts capture time and GPS position from an image's bytes.
// A time without an offset (OffsetTimeOriginal) is read as Asia/Kolkata.
// It never panics on malformed input: what cannot be read is missing.
func ReadExif(data []byte) (x Exif) {
	defer func() {
		if recover() != nil { // go-exif panics on some malformed blocks
			x = Exif{Found: x.Found}
		}
	}()
	raw, err := exif.SearchAndExtractExif(data)
	if err != nil {
		return Exif{}
	}
	x.Found = true
	im, err := exifcommon.NewIfdMappingWithStandard()
	if err != nil {
		return x
	}
	_, index, err := exif.Collect(im, exif.NewTagIndex(), raw)
	if err != nil {
		return x
	}
	x.TakenAt = takenAt(index, len(raw))
	x.Lat, x.Lon = position(index, len(raw))
	x.Orientation = orientationOf(index, len(raw))
	return x
}

// orientationOf reads IFD0's Orientation (a SHORT), 0 when absent, odd or
// claiming more than the block holds.
func orientationOf(index exif.IfdIndex, limit int) int {
	ifd := index.Lookup["IFD"]
	if ifd == nil {
		return 0
	}
	tags, err := ifd.FindTagWithName("Orientation")
	if err != nil || len(tags) == 0 || !fits(tags[0], limit) {
		return 0
	}
	v, err := tags[0].Value()
	if err != nil {
		return 0
	}
	if s, ok := v.([]uint16); ok && len(s) > 0 && s[0] >= 1 && s[0] <= 8 {
		return int(s[0])
	}
	return 0
}

// fits reports whether the value a tag's entry claims fits in the EXIF
// block of limit bytes. go-exif allocates the claimed size before it reads:
// a 32-byte block whose DateTime claims 2^31 bytes made it allocate 2 GiB
// (found by FuzzReadExif). Unknown types count as the widest, 8 bytes.
func fits(t *exif.IfdTagEntry, limit int) bool {
	if limit < 0 {
		return false
	}
	size := uint64(8)
	if typ := t.TagType(); typ.IsValid() {
		size = uint64(typ.Size()) //nolint:gosec // a type's size: 1 to 8 bytes
	}
	return uint64(t.UnitCount())*size <= uint64(limit)
}

// takenAt prefers DateTimeOriginal (with OffsetTimeOriginal) in the Exif
// IFD and falls back to IFD0's DateTime.
func takenAt(index exif.IfdIndex, limit int) *time.Time {
	if ifd := index.Lookup["IFD/Exif"]; ifd != nil {
		if s := tagString(ifd, "DateTimeOriginal", limit); s != "" {
			if t, err := parseExifTime(s, tagString(ifd, "OffsetTimeOriginal", limit)); err == nil {
				return &t
			}
		}
	}
	if ifd := index.Lookup["IFD"]; ifd != nil {
		if t, err := parseExifTime(tagString(ifd, "DateTime", limit), ""); err == nil {
			return &t
		}
	}
	return nil
}

func tagString(ifd *exif.Ifd, name string, limit int) string {
	tags, err := ifd.FindTagWithName(name)
	if err != nil || len(tags) == 0 || !fits(tags[0], limit) {
		return ""
	}
	v, err := tags[0].Value()
	if err != nil {
		return ""
	}
	s, _ := v.(string)
	return strings.TrimRight(strings.TrimSpace(s), "\x00")
}

// parseExifTime reads "2006:01:02 15:04:05" with an optional "+05:30"
// offset; without one the time is Asia/Kolkata's, where the photos are taken.
func parseExifTime(s, offset string) (time.Time, error) {
	if len(s) < len(exifTimeLayout) {
		return time.Time{}, errors.New("short exif time")
	}
	s = s[:len(exifTimeLayout)]
	if offset != "" {
		t, err := time.Parse(exifTimeLayout+"-07:00", s+offset)
		if err == nil {
			return t.UTC(), nil
		}
	}
	t, err := time.ParseInLocation(exifTimeLayout, s, rules.IST)
	if err != nil {
		return time.Time{}, fmt.Errorf("exif time %q: %w", s, err)
	}
	return t.UTC(), nil
}

// position reads the GPS IFD; both or neither coordinate is returned.
func position(index exif.IfdIndex, limit int) (lat, lon *float64) {
	ifd := index.Lookup["IFD/GPSInfo"]
	if ifd == nil {
		return nil, nil
	}
	for _, t := range ifd.Entries() { // GpsInfo reads several of them
		if !fits(t, limit) {
			return nil, nil
		}
	}
	gi, err := ifd.GpsInfo()
	if err != nil || gi == nil {
		return nil, nil
	}
	la, lo := gi.Latitude.Decimal(), gi.Longitude.Decimal()
	if math.IsNaN(la) || math.IsNaN(lo) || math.Abs(la) > 90 || math.Abs(lo) > 180 || (la == 0 && lo == 0) {
		return nil, nil
	}
	return &la, &lo
}
