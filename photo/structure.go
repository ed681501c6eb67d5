package photo

import (
	"bufio"
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"hash"
	"hash/crc32"
	"io"
)

// The structural checks of JPEG and PNG (docs/PHOTOS.md §5.1). They read
// the bytes once, in the same pass as the SHA-256, and decode no pixel:
// a JPEG's segments are walked from its start marker to its end marker,
// the entropy-coded data of every scan included (every 0xFF in it must be
// a stuffed byte, a restart or the marker that ends the scan); a PNG's
// chunks are walked from its signature to IEND, each chunk's CRC checked,
// and its image data inflated to its end (the zlib checksum) and counted
// against the size its header declares. What decodes the pixels is the
// thumbnail worker, which does so anyway.

// readBuf is the read buffer of the checks: large enough that the scans
// for 0xFF and '<' run over long runs of bytes.
const readBuf = 64 << 10

var (
	errJPEGCut     = notImage("the bytes begin like a JPEG image but are not a whole one (cut short, or other data)")
	errJPEGKind    = notImage("the JPEG image is coded in a way no camera uses (baseline and progressive are accepted)")
	errPNGCut      = notImage("the bytes begin like a PNG image but are not a whole one (cut short, or other data)")
	errPNGChecksum = notImage("the PNG image is damaged: a checksum does not match")
	errTrailer     = notImage("the image is followed by a web page or a script")
	errMarkup      = notImage("the image holds a web page or a script between its parts")
)

// peekSome returns the bytes buffered in br, filling it when it is empty;
// none only at the end of the bytes (or a read error, which the caller's
// source reader keeps).
func peekSome(br *bufio.Reader) []byte {
	if br.Buffered() == 0 {
		_, _ = br.Peek(1) //nolint:errcheck // no bytes is the answer
	}
	b, _ := br.Peek(br.Buffered()) //nolint:errcheck // never more than is buffered
	return b
}

// skip discards n bytes of br; false when the bytes end first.
func skip(br *bufio.Reader, n int) bool {
	d, _ := br.Discard(n) //nolint:errcheck // a short discard is the verdict
	return d == n
}

// checkJPEG walks a JPEG from its SOI to its EOI, then the bytes after it
// (checkTrailer). Accepted: one baseline or progressive frame of at most
// maxPixels, with Huffman tables before its first scan, and at least one
// scan of entropy-coded data.
func checkJPEG(br *bufio.Reader) error {
	var soi [2]byte
	if _, err := io.ReadFull(br, soi[:]); err != nil || soi != [2]byte{0xFF, 0xD8} {
		return errJPEGCut
	}
	w := &jpegWalk{br: br}
	m, err := jpegMarker(br)
	for err == nil && m != 0xD9 { // EOI
		m, err = w.segment(m)
	}
	switch {
	case err != nil:
		return err
	case !w.scans:
		return errJPEGCut
	}
	return checkTrailer(br)
}

// jpegWalk is what checkJPEG has seen so far.
type jpegWalk struct {
	br                *bufio.Reader
	frame, dht, scans bool
}

// segment reads the segment of marker m (a scan with its data) and
// returns the marker after it.
func (w *jpegWalk) segment(m byte) (byte, error) {
	if standalone(m) {
		return 0, errJPEGCut // a start, a stuffed byte, TEM or a restart between segments
	}
	var lb [2]byte
	if _, err := io.ReadFull(w.br, lb[:]); err != nil || binary.BigEndian.Uint16(lb[:]) < 2 {
		return 0, errJPEGCut
	}
	body := int(binary.BigEndian.Uint16(lb[:])) - 2
	switch {
	case m == 0xC0 || m == 0xC1 || m == 0xC2: // a baseline or progressive frame
		return w.readFrame(body)
	case otherFrame(m):
		return 0, errJPEGKind // lossless, hierarchical, arithmetic-coded
	case m == 0xDA: // a scan: its header, then its entropy-coded data
		if !w.frame || !w.dht || body < 6 || !skip(w.br, body) {
			return 0, errJPEGCut
		}
		w.scans = true
		return jpegScan(w.br)
	case m == 0xC4:
		w.dht = true
	}
	if !skip(w.br, body) {
		return 0, errJPEGCut
	}
	return jpegMarker(w.br)
}

// standalone reports whether m is a marker that has no segment (or none
// that may stand between segments): SOI, TEM, a restart, or 0x00.
func standalone(m byte) bool {
	return m == 0xD8 || m == 0x00 || m == 0x01 || (m >= 0xD0 && m <= 0xD7)
}

// otherFrame reports whether m starts a frame other than baseline or
// progressive Huffman-coded (SOF3, SOF5–7, SOF9–11, SOF13–15).
func otherFrame(m byte) bool {
	return m >= 0xC3 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC
}

// readFrame reads the frame header of body bytes: one in a JPEG.
func (w *jpegWalk) readFrame(body int) (byte, error) {
	if w.frame {
		return 0, errJPEGCut
	}
	w.frame = true
	if err := jpegFrame(w.br, body); err != nil {
		return 0, err
	}
	return jpegMarker(w.br)
}

// jpegMarker reads the next marker: 0xFF, any fill bytes (0xFF), then the
// marker's code. Stray bytes before the 0xFF are skipped, as decoders do
// (libjpeg warns of "extraneous bytes before marker"), unless they hold
// markup (checkTrailer).
func jpegMarker(br *bufio.Reader) (byte, error) {
	for {
		c, err := br.ReadByte()
		if err != nil {
			return 0, errJPEGCut
		}
		if c == 0xFF {
			break
		}
		if c == '<' {
			_ = br.UnreadByte() //nolint:errcheck // the byte just read
			if isMarkup(br) {
				return 0, errMarkup
			}
			skip(br, 1)
		}
	}
	for {
		c, err := br.ReadByte()
		if err != nil {
			return 0, errJPEGCut
		}
		if c != 0xFF {
			return c, nil
		}
	}
}

// jpegFrame reads a frame header (SOF) of body bytes and checks its size.
func jpegFrame(br *bufio.Reader, body int) error {
	if body < 6 || body > 6+3*255 {
		return errJPEGCut
	}
	b := make([]byte, body)
	if _, err := io.ReadFull(br, b); err != nil {
		return errJPEGCut
	}
	h, w, nc := int(binary.BigEndian.Uint16(b[1:3])), int(binary.BigEndian.Uint16(b[3:5])), int(b[5])
	if nc == 0 || body != 6+3*nc {
		return errJPEGCut
	}
	return withinPixels(w, h)
}

// jpegScan reads a scan's entropy-coded data up to the marker that ends
// it and returns that marker's code. Inside the data a 0xFF is followed by
// 0x00 (a stuffed 0xFF) or a restart marker; fill bytes may precede a
// marker. Data that ends before a marker is cut short.
func jpegScan(br *bufio.Reader) (byte, error) {
	data := false
	for {
		b := peekSome(br)
		if len(b) == 0 {
			return 0, errJPEGCut
		}
		i := bytes.IndexByte(b, 0xFF)
		if i < 0 {
			data = true
			skip(br, len(b))
			continue
		}
		data = data || i > 0
		skip(br, i+1)
		for {
			c, err := br.ReadByte()
			if err != nil {
				return 0, errJPEGCut
			}
			if c == 0xFF {
				continue
			}
			if c == 0x00 || (c >= 0xD0 && c <= 0xD7) {
				data = true
				break
			}
			if !data {
				return 0, errJPEGCut // a scan without any data
			}
			return c, nil
		}
	}
}

// markup is what refuses the bytes after an image's end: the start of an
// HTML, SVG, XML or PHP document or of a script, followed by text
// (markupText). A phone's trailer (a second, smaller JPEG of the same
// picture, a motion photo's video, a maker's tags) is binary: "<svg" or
// "<img" alone turns up in random bytes once in about 2^28 positions,
// which a motion photo's few megabytes of video would hit one time in
// fifty, so the sequence counts only where the 16 bytes after it are
// plain text, as a page's or a script's are (about 2^-51 a position in
// random bytes).
var markup = [][]byte{
	[]byte("<!doctype"), []byte("<html"), []byte("<head"), []byte("<body"), []byte("<script"),
	[]byte("<svg"), []byte("<iframe"), []byte("<object"), []byte("<embed"), []byte("<meta"),
	[]byte("<form"), []byte("<img"), []byte("<?xml"), []byte("<?php"), []byte("<style"),
}

// maxMarkup is the length of the longest sequence in markup.
const maxMarkup = 9

// markupText is how many bytes after a sequence of markup must be plain
// text (printable ASCII, tabs and line breaks) for it to count.
const markupText = 16

// checkTrailer reads the bytes after an image's end marker to their end
// and refuses them when they hold markup (checkTrailer's list, in any
// case): an image with a web page behind it is a polyglot.
func checkTrailer(br *bufio.Reader) error {
	for {
		b := peekSome(br)
		if len(b) == 0 {
			return nil
		}
		i := bytes.IndexByte(b, '<')
		if i < 0 {
			skip(br, len(b))
			continue
		}
		skip(br, i)
		if isMarkup(br) {
			return errTrailer
		}
		skip(br, 1)
	}
}

// isMarkup reports whether br's next bytes begin one of markup followed
// by plain text (or by the end of the bytes).
func isMarkup(br *bufio.Reader) bool {
	p, _ := br.Peek(maxMarkup + markupText) //nolint:errcheck // fewer bytes at the end
	for _, m := range markup {
		if len(p) >= len(m) && bytes.EqualFold(p[:len(m)], m) && plainText(p[len(m):min(len(p), len(m)+markupText)]) {
			return true
		}
	}
	return false
}

// plainText reports whether b is printable ASCII, tabs and line breaks.
func plainText(b []byte) bool {
	for _, c := range b {
		if (c < 0x20 || c > 0x7e) && c != '\t' && c != '\n' && c != '\r' {
			return false
		}
	}
	return true
}

// pngHeader is what checkPNG needs of IHDR.
type pngHeader struct {
	w, h      int
	bits      int // bits a pixel
	interlace bool
	palette   bool // color type 3: a PLTE chunk must come before the data
}

// checkPNG walks a PNG from its signature to IEND, then the bytes after it
// (checkTrailer).
func checkPNG(br *bufio.Reader) error {
	var sig [8]byte
	if _, err := io.ReadFull(br, sig[:]); err != nil || string(sig[:]) != "\x89PNG\r\n\x1a\n" {
		return errPNGCut
	}
	w := &pngWalk{br: br, crc: crc32.NewIEEE()}
	n, typ, err := pngChunk(br)
	for err == nil && typ != "IEND" {
		n, typ, err = w.chunk(n, typ)
	}
	switch {
	case err != nil:
		return err
	case n != 0 || !w.data || !pngBody(br, n, w.crc, []byte(typ)):
		return errPNGCut
	}
	return checkTrailer(br)
}

// pngWalk is what checkPNG has seen so far.
type pngWalk struct {
	br            *bufio.Reader
	crc           hash.Hash32
	hdr           *pngHeader
	palette, data bool
}

// chunk reads the chunk of n bytes of type typ (its header read) and
// returns the next chunk's length and type.
func (w *pngWalk) chunk(n int, typ string) (int, string, error) {
	var err error
	switch {
	case (w.hdr == nil) != (typ == "IHDR"):
		return 0, "", errPNGCut // IHDR first, and once
	case typ == "IHDR":
		if w.hdr, err = pngIHDR(w.br, n, w.crc); err != nil {
			return 0, "", err
		}
		return pngChunk(w.br)
	case typ == "IDAT":
		if w.data || (w.hdr.palette && !w.palette) {
			return 0, "", errPNGCut // image data in two runs, or without its palette
		}
		w.data = true
		return pngData(w.br, n, w.hdr)
	case typ == "PLTE":
		w.palette = true
	}
	if !pngBody(w.br, n, w.crc, []byte(typ)) {
		return 0, "", errPNGChecksum
	}
	return pngChunk(w.br)
}

// pngChunk reads a chunk's header: its length and type.
func pngChunk(br *bufio.Reader) (int, string, error) {
	var h [8]byte
	if _, err := io.ReadFull(br, h[:]); err != nil {
		return 0, "", errPNGCut
	}
	n, typ := binary.BigEndian.Uint32(h[:4]), string(h[4:])
	if n > 1<<31-1 || !chunkType(typ) {
		return 0, "", errPNGCut
	}
	return int(n), typ, nil
}

// chunkType reports whether t is a PNG chunk type: four ASCII letters.
func chunkType(t string) bool {
	for i := range len(t) {
		if c := t[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// pngBody reads a chunk's n bytes of data and its CRC; false when the
// bytes end first or the CRC is not theirs.
func pngBody(br *bufio.Reader, n int, crc hash.Hash32, typ []byte) bool {
	crc.Reset()
	_, _ = crc.Write(typ)                                   //nolint:errcheck // a hash never fails
	if c, _ := io.CopyN(crc, br, int64(n)); c != int64(n) { //nolint:errcheck // a short read is the verdict
		return false
	}
	var sum [4]byte
	if _, err := io.ReadFull(br, sum[:]); err != nil {
		return false
	}
	return binary.BigEndian.Uint32(sum[:]) == crc.Sum32()
}

// pngIHDR reads and checks the image header.
func pngIHDR(br *bufio.Reader, n int, crc hash.Hash32) (*pngHeader, error) {
	if n != 13 {
		return nil, errPNGCut
	}
	b, err := br.Peek(13)
	if err != nil {
		return nil, errPNGCut
	}
	w, h := int(binary.BigEndian.Uint32(b[:4])), int(binary.BigEndian.Uint32(b[4:8]))
	depth, color := int(b[8]), b[9]
	channels := map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color]
	okDepth := map[byte][]int{0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}[color]
	hdr := &pngHeader{w: w, h: h, bits: depth * channels, interlace: b[12] == 1, palette: color == 3}
	if channels == 0 || !containsInt(okDepth, depth) || b[10] != 0 || b[11] != 0 || b[12] > 1 {
		return nil, notImage("the PNG image's header is not well-formed")
	}
	if err := withinPixels(w, h); err != nil {
		return nil, err
	}
	if !pngBody(br, n, crc, []byte("IHDR")) {
		return nil, errPNGChecksum
	}
	return hdr, nil
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// adam7 is each interlace pass's first column and row, and its steps.
var adam7 = [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}}

// pngRawSize is how many bytes the image data inflates to: a filter byte
// and the packed pixels of every row, of every pass when interlaced.
func pngRawSize(h *pngHeader) int64 {
	rows := func(w, n int) int64 {
		if w == 0 || n == 0 {
			return 0
		}
		return int64(n) * (1 + (int64(w)*int64(h.bits)+7)/8)
	}
	if !h.interlace {
		return rows(h.w, h.h)
	}
	var sum int64
	for _, p := range adam7 {
		w := (h.w - p[0] + p[2] - 1) / p[2]
		n := (h.h - p[1] + p[3] - 1) / p[3]
		sum += rows(max(w, 0), max(n, 0))
	}
	return sum
}

// pngData reads the image data: the IDAT chunk of n bytes and the ones
// right after it, as one zlib stream inflated to its end, which must
// give exactly the declared image's bytes and nothing more. It returns the
// type and length of the chunk that follows (its header read).
func pngData(br *bufio.Reader, n int, hdr *pngHeader) (int, string, error) {
	r := &idatReader{br: br, left: n, crc: crc32.NewIEEE()}
	_, _ = r.crc.Write([]byte("IDAT")) //nolint:errcheck // a hash never fails
	zr, err := zlib.NewReader(r)
	if err != nil {
		return 0, "", r.verdict(errPNGCut)
	}
	want := pngRawSize(hdr)
	got, err := io.CopyN(io.Discard, zr, want+1)
	if got != want || !errors.Is(err, io.EOF) {
		return 0, "", r.verdict(errPNGCut)
	}
	if err := zr.Close(); err != nil {
		return 0, "", r.verdict(errPNGCut)
	}
	// Nothing may follow the stream in the data chunks.
	if extra, _ := io.Copy(io.Discard, r); extra != 0 || r.err != nil { //nolint:errcheck // r.err is the verdict
		return 0, "", r.verdict(errPNGCut)
	}
	return r.nextLen, r.next, nil
}

// idatReader reads the data of consecutive IDAT chunks, checking each
// chunk's CRC, and stops at the first chunk of another type (next).
type idatReader struct {
	br      *bufio.Reader
	left    int
	crc     hash.Hash32
	next    string
	nextLen int
	err     error // a damaged chunk: the verdict
}

func (r *idatReader) verdict(fallback error) error {
	if r.err != nil {
		return r.err
	}
	return fallback
}

func (r *idatReader) Read(p []byte) (int, error) {
	for r.left == 0 {
		if r.next != "" || r.err != nil {
			return 0, io.EOF
		}
		var sum [4]byte
		if _, err := io.ReadFull(r.br, sum[:]); err != nil {
			r.err = errPNGCut
			return 0, io.EOF
		}
		if binary.BigEndian.Uint32(sum[:]) != r.crc.Sum32() {
			r.err = errPNGChecksum
			return 0, io.EOF
		}
		n, typ, err := pngChunk(r.br)
		if err != nil {
			r.err = err
			return 0, io.EOF
		}
		if typ != "IDAT" {
			r.next, r.nextLen = typ, n
			return 0, io.EOF
		}
		r.left = n
		r.crc.Reset()
		_, _ = r.crc.Write([]byte("IDAT")) //nolint:errcheck // a hash never fails
	}
	n, err := r.br.Read(p[:min(len(p), r.left)])
	r.left -= n
	_, _ = r.crc.Write(p[:n]) //nolint:errcheck // a hash never fails
	if err != nil && n == 0 {
		r.err = errPNGCut
		return 0, io.EOF
	}
	return n, nil
}
