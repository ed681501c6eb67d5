package photo

import (
	"math"
	"time"
)

// Reviewer flags (photos.flags): a photo is marked, never rejected, for
// what its EXIF says or does not say (docs/PHOTOS.md).
const (
	FlagNoExif        = "no_exif"
	FlagNoExifTime    = "no_exif_time"
	FlagNoExifGPS     = "no_exif_gps"
	FlagFar           = "far_from_inspection"
	FlagTimeOff       = "time_off_inspection"
	FlagPlaceUnknown  = "inspection_place_unknown"
	maxDistanceMetres = 2000
	maxTimeOffset     = 12 * time.Hour
)

// place is where and when an inspection happened (its corrected time).
type place struct {
	Lat, Lon *float64
	At       time.Time
}

// reviewFlags compares a photo's EXIF with its inspection: more than 2 km
// or 12 hours away is flagged. It also returns the distance (metres) and
// the time offset (seconds, photo minus inspection) when both are known.
func reviewFlags(x Exif, p place) (flags []string, distance *float64, offset *int64) {
	flags = []string{}
	if !x.Found {
		return append(flags, FlagNoExif), nil, nil
	}
	if x.TakenAt == nil {
		flags = append(flags, FlagNoExifTime)
	} else {
		d := x.TakenAt.Sub(p.At)
		secs := int64(d / time.Second)
		offset = &secs
		if d > maxTimeOffset || d < -maxTimeOffset {
			flags = append(flags, FlagTimeOff)
		}
	}
	switch {
	case x.Lat == nil:
		flags = append(flags, FlagNoExifGPS)
	case p.Lat == nil || p.Lon == nil:
		flags = append(flags, FlagPlaceUnknown)
	default:
		m := haversine(*x.Lat, *x.Lon, *p.Lat, *p.Lon)
		distance = &m
		if m > maxDistanceMetres {
			flags = append(flags, FlagFar)
		}
	}
	return flags, distance, offset
}

// haversine is the great-circle distance in metres.
func haversine(lat1, lon1, lat2, lon2 float64) float64 {
	const r = 6371008.8 // mean Earth radius
	rad := math.Pi / 180
	dLat, dLon := (lat2-lat1)*rad, (lon2-lon1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(a)))
}
