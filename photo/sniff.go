package photo

import (
	"bytes"
	"encoding/binary"
)

// Content types a photo may have (docs/PHOTOS.md). The type is sniffed from the
// bytes; the type a client declares must agree with it.
const (
	TypeJPEG = "image/jpeg"
	TypePNG  = "image/png"
	TypeWebP = "image/webp"
	TypeHEIC = "image/heic"
)

// SniffLen is how many leading bytes Sniff needs at most.
const SniffLen = 4096

// AllowedType reports whether ct is one of the photo content types.
func AllowedType(ct string) bool {
	switch ct {
	case TypeJPEG, TypePNG, TypeWebP, TypeHEIC:
		return true
	}
	return false
}

// Sniff names the photo type of the bytes that begin with head, or returns
// "" when they are none of JPEG, PNG, WebP or HEIC. Only signatures are
// checked: a file can still fail to decode later (it then gets no
// thumbnail), but a text file named .jpg never passes.
func Sniff(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return TypeJPEG
	case bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")):
		return TypePNG
	case len(head) >= 16 && bytes.Equal(head[:4], []byte("RIFF")) && bytes.Equal(head[8:12], []byte("WEBP")) &&
		bytes.HasPrefix(head[12:], []byte("VP8")):
		return TypeWebP
	case isHEIC(head):
		return TypeHEIC
	}
	return ""
}

// heicBrands are the ISO-BMFF brands of HEIF images coded with HEVC.
var heicBrands = map[string]bool{"heic": true, "heix": true, "heim": true, "heis": true, "hevc": true, "hevx": true}

// isHEIC reads the leading ftyp box: a HEIC major brand, or the generic
// HEIF brands (mif1, msf1) with a HEIC brand among the compatible ones.
func isHEIC(head []byte) bool {
	if len(head) < 16 || !bytes.Equal(head[4:8], []byte("ftyp")) {
		return false
	}
	size := int(binary.BigEndian.Uint32(head[:4]))
	if size < 16 || size > len(head) {
		size = min(len(head), 256)
	}
	major := string(head[8:12])
	if heicBrands[major] {
		return true
	}
	if major != "mif1" && major != "msf1" {
		return false
	}
	for i := 16; i+4 <= size; i += 4 {
		if heicBrands[string(head[i:i+4])] {
			return true
		}
	}
	return false
}

// TypeName is a short human name for a content type, for problem details.
func TypeName(ct string) string {
	switch ct {
	case TypeJPEG:
		return "JPEG"
	case TypePNG:
		return "PNG"
	case TypeWebP:
		return "WebP"
	case TypeHEIC:
		return "HEIC"
	}
	return "not an image we accept"
}
