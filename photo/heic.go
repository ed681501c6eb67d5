package photo

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
)

// maxMetaBox bounds the HEIC meta box read into memory: it holds the item
// table and properties (a few KiB in a phone's photo), not the pixels.
const maxMetaBox = 1 << 20

// checkHEIC accepts a well-formed HEIF file, which no Go decoder reads: a
// sequence of ISO-BMFF boxes from the ftyp box to the end of the bytes,
// with no byte left over, holding a meta box whose image spatial extents
// (ispe) are within maxPixels, and an mdat box (the coded pixels). A JPEG,
// HTML or anything else behind a HEIC signature does not parse as boxes.
func checkHEIC(r io.Reader) error {
	br := bufio.NewReader(r)
	var meta, mdat bool
	for first := true; ; first = false {
		typ, body, err := nextBox(br)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if first && typ != "ftyp" {
			return notImage("the bytes are not a HEIC image: they do not begin with its file type")
		}
		mdat = mdat || typ == "mdat"
		if body < 0 { // the last box, to the end of the bytes
			if _, err := io.Copy(io.Discard, br); err != nil {
				return err
			}
			break
		}
		if typ == "meta" {
			if meta, err = true, checkMeta(br, body); err != nil {
				return err
			}
			continue
		}
		// A short read is the verdict; the source reader keeps a read
		// error of the store's own (judgeBytes).
		if n, _ := io.CopyN(io.Discard, br, body); n != body { //nolint:errcheck // see above
			return notImage("the HEIC image is cut short")
		}
	}
	if !meta || !mdat {
		return notImage("the bytes are not a whole HEIC image: its metadata or picture is missing")
	}
	return nil
}

// nextBox reads a box header: its type and how many body bytes follow.
// io.EOF when the bytes end cleanly between boxes; -1 bytes for a box
// that runs to the end of the bytes (size 0).
func nextBox(br *bufio.Reader) (string, int64, error) {
	var h [16]byte
	n, err := io.ReadFull(br, h[:8])
	if n == 0 && errors.Is(err, io.EOF) {
		return "", 0, io.EOF
	}
	if err != nil {
		return "", 0, notImage("the HEIC image is cut short")
	}
	size, typ, hl := uint64(binary.BigEndian.Uint32(h[:4])), string(h[4:8]), uint64(8)
	if size == 0 && typ != "ftyp" && boxType(typ) {
		return typ, -1, nil
	}
	if size == 1 { // a 64-bit size follows
		if _, err := io.ReadFull(br, h[8:16]); err != nil {
			return "", 0, notImage("the HEIC image is cut short")
		}
		size, hl = binary.BigEndian.Uint64(h[8:16]), 16
	}
	if !boxType(typ) || size < hl || size-hl > MaxSize {
		return "", 0, notImage("the bytes are not a well-formed HEIC image")
	}
	return typ, int64(size - hl), nil //nolint:gosec // at most MaxSize
}

// boxType reports whether t is a box type: four printable ASCII bytes.
func boxType(t string) bool {
	for i := range len(t) {
		if t[i] < 0x20 || t[i] > 0x7e {
			return false
		}
	}
	return len(t) == 4
}

// checkMeta reads the meta box's body and checks every ispe property in
// it: at least one, each within maxPixels.
func checkMeta(br *bufio.Reader, size int64) error {
	if size > maxMetaBox || size < 4 {
		return notImage("the HEIC image's metadata is not well-formed")
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(br, b); err != nil {
		return notImage("the HEIC image is cut short")
	}
	found := 0
	if err := walkISPE(b[4:], 0, &found); err != nil { // meta is a full box: version and flags first
		return err
	}
	if found == 0 {
		return notImage("the HEIC image does not say its size")
	}
	return nil
}

// containers are the boxes on the way from meta to the ispe properties.
var containers = map[string]bool{"iprp": true, "ipco": true}

// walkISPE checks the ispe boxes among the boxes in b, descending into
// iprp and ipco.
func walkISPE(b []byte, depth int, found *int) error {
	for len(b) > 0 {
		if len(b) < 8 || depth > 4 {
			return notImage("the HEIC image's metadata is not well-formed")
		}
		size, typ := binary.BigEndian.Uint32(b[:4]), string(b[4:8])
		if size < 8 || uint64(size) > uint64(len(b)) || !boxType(typ) {
			return notImage("the HEIC image's metadata is not well-formed")
		}
		body := b[8:size]
		switch {
		case containers[typ]:
			if err := walkISPE(body, depth+1, found); err != nil {
				return err
			}
		case typ == "ispe":
			if len(body) != 12 {
				return notImage("the HEIC image's metadata is not well-formed")
			}
			w, h := binary.BigEndian.Uint32(body[4:8]), binary.BigEndian.Uint32(body[8:12])
			if err := withinPixels(int(w), int(h)); err != nil {
				return err
			}
			*found++
		}
		b = b[size:]
	}
	return nil
}
