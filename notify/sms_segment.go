package notify

import (
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// SMS encodings (3GPP TS 23.038): the GSM 7-bit default alphabet, 160
// characters in one message and 153 a part when split; anything outside
// it (Kannada, Hindi) goes as UCS-2, 70 characters in one message and 67 a
// part. A split message's parts carry a concatenation header (TS 23.040
// §9.2.3.24.1: IEI 00, reference, total, sequence), which takes the 7
// septets or 6 octets the single message does not need.
const (
	EncodingGSM7 = "gsm7"
	EncodingUCS2 = "ucs2"
)

// SMS sizes, in septets (GSM-7) or UTF-16 code units (UCS-2).
const (
	gsmSingle  = 160
	gsmPart    = 153
	ucs2Single = 70
	ucs2Part   = 67
	udhLen     = 6 // 05 00 03 ref total seq
)

// gsmBasic is the GSM 7-bit default alphabet in code order; gsmExt the
// characters of its extension table, each sent as ESC (0x1B) and a code.
const gsmBasic = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
	"¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"

var gsmExt = map[rune]byte{'\f': 0x0A, '^': 0x14, '{': 0x28, '}': 0x29, '\\': 0x2F, '[': 0x3C, '~': 0x3D,
	']': 0x3E, '|': 0x40, '€': 0x65}

var gsmCode = func() map[rune]byte {
	m := map[rune]byte{}
	for i, r := range []rune(gsmBasic) {
		if r != 0x1b {
			m[r] = byte(i)
		}
	}
	return m
}()

// Segments is a text as the network carries it: its encoding and the
// user data of each part. A GSM-7 part holds one septet a byte (unpacked;
// a gateway packs them), a UCS-2 part UTF-16 big-endian; every part of a
// split message starts with its 6-octet concatenation header.
type Segments struct {
	Encoding string
	Parts    [][]byte
}

// SMSEncoding is the encoding a text needs: GSM-7 when every character is
// in the default alphabet or its extension, else UCS-2.
func SMSEncoding(text string) string {
	for _, r := range text {
		if _, ok := gsmCode[r]; !ok {
			if _, ok := gsmExt[r]; !ok {
				return EncodingUCS2
			}
		}
	}
	return EncodingGSM7
}

// Segment splits text into the parts of one SMS, ref being the
// concatenation reference the parts share. A part never ends between an
// escape and its character, nor inside a surrogate pair.
func Segment(text string, ref byte) Segments {
	enc := SMSEncoding(text)
	units := smsUnits(text, enc) // each unit: the code units of one character
	single, part := gsmSingle, gsmPart
	if enc == EncodingUCS2 {
		single, part = ucs2Single, ucs2Part
	}
	if total(units) <= single {
		return Segments{Encoding: enc, Parts: [][]byte{encodeUnits(units, enc)}}
	}
	var groups [][][]uint16
	var cur [][]uint16
	n := 0
	for _, u := range units {
		if n+len(u) > part {
			groups, cur, n = append(groups, cur), nil, 0
		}
		cur, n = append(cur, u), n+len(u)
	}
	groups = append(groups, cur)
	s := Segments{Encoding: enc}
	for i, g := range groups {
		//nolint:gosec // a notice's text is a few parts; 255 would be 17,000 characters
		h := []byte{0x05, 0x00, 0x03, ref, byte(len(groups)), byte(i + 1)}
		s.Parts = append(s.Parts, append(h, encodeUnits(g, enc)...))
	}
	return s
}

// SMSParts is how many parts text takes, and its encoding.
func SMSParts(text string) (int, string) {
	s := Segment(text, 0)
	return len(s.Parts), s.Encoding
}

func smsUnits(text, enc string) [][]uint16 {
	var out [][]uint16
	for _, r := range text {
		switch {
		case enc == EncodingUCS2:
			if r1, r2 := utf16.EncodeRune(r); r1 != '\uFFFD' {
				out = append(out, []uint16{uint16(r1), uint16(r2)}) //nolint:gosec // surrogates fit 16 bits
			} else {
				out = append(out, []uint16{uint16(r)}) //nolint:gosec // in the BMP: EncodeRune refused it
			}
		case gsmExt[r] != 0:
			out = append(out, []uint16{0x1b, uint16(gsmExt[r])})
		default:
			out = append(out, []uint16{uint16(gsmCode[r])})
		}
	}
	return out
}

func total(units [][]uint16) int {
	n := 0
	for _, u := range units {
		n += len(u)
	}
	return n
}

func encodeUnits(units [][]uint16, enc string) []byte {
	var b []byte
	for _, u := range units {
		for _, c := range u {
			if enc == EncodingUCS2 {
				b = binary.BigEndian.AppendUint16(b, c)
			} else {
				b = append(b, byte(c)) //nolint:gosec // a GSM-7 septet, below 128
			}
		}
	}
	return b
}

// Reassemble puts the parts of a message back together as a handset
// does: by the sequence numbers of their concatenation headers, then
// decoded. It is the inverse of Segment.
func Reassemble(s Segments) (string, error) {
	parts := make([][]byte, len(s.Parts))
	if len(s.Parts) == 1 {
		parts[0] = s.Parts[0]
	} else {
		for _, p := range s.Parts {
			if len(p) < udhLen || p[0] != 0x05 || p[1] != 0x00 || p[2] != 0x03 || int(p[4]) != len(s.Parts) ||
				p[5] < 1 || int(p[5]) > len(s.Parts) || parts[p[5]-1] != nil {
				return "", errors.New("sms part without a valid concatenation header")
			}
			parts[p[5]-1] = p[udhLen:]
		}
	}
	var b strings.Builder
	for _, p := range parts {
		t, err := decodePart(p, s.Encoding)
		if err != nil {
			return "", err
		}
		b.WriteString(t)
	}
	return b.String(), nil
}

func decodePart(p []byte, enc string) (string, error) {
	if enc == EncodingUCS2 {
		if len(p)%2 != 0 {
			return "", errors.New("ucs-2 part of odd length")
		}
		u := make([]uint16, len(p)/2)
		for i := range u {
			u[i] = binary.BigEndian.Uint16(p[2*i:])
		}
		return string(utf16.Decode(u)), nil
	}
	basic := []rune(gsmBasic)
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if p[i] == 0x1b && i+1 < len(p) {
			i++
			r, ok := gsmExtRune(p[i])
			if !ok {
				return "", fmt.Errorf("gsm-7 escape 0x%02x unknown", p[i])
			}
			b.WriteRune(r)
			continue
		}
		if int(p[i]) >= len(basic) {
			return "", fmt.Errorf("gsm-7 septet 0x%02x out of range", p[i])
		}
		b.WriteRune(basic[p[i]])
	}
	return b.String(), nil
}

func gsmExtRune(c byte) (rune, bool) {
	for r, x := range gsmExt {
		if x == c {
			return r, true
		}
	}
	return 0, false
}
