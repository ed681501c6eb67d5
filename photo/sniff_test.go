package photo_test

import (
	"testing"

	"github.com/tindal/tindal/photo"
)

func TestSniff(t *testing.T) {
	tests := []struct {
		name string
		head []byte
		want string
	}{
		{"jpeg fixture", readFixture(t, "no_exif.jpg"), photo.TypeJPEG},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), photo.TypePNG},
		{"webp", []byte("RIFF\x10\x00\x00\x00WEBPVP8 \x00\x00"), photo.TypeWebP},
		{"heic major brand", []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), photo.TypeHEIC},
		{"heif with heic compatible", []byte("\x00\x00\x00\x18ftypmif1\x00\x00\x00\x00mif1heic"), photo.TypeHEIC},
		{"avif is not heic", []byte("\x00\x00\x00\x18ftypavif\x00\x00\x00\x00mif1avif"), ""},
		{"text named .jpg", []byte("this is not a photo, honest\n"), ""},
		{"riff but wave", []byte("RIFF\x10\x00\x00\x00WAVEfmt \x00\x00"), ""},
		{"empty", nil, ""},
	}
	for _, tc := range tests {
		if got := photo.Sniff(tc.head); got != tc.want {
			t.Errorf("%s: Sniff = %q, want %q", tc.name, got, tc.want)
		}
	}
}
