package photo

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"golang.org/x/image/webp"
)

// An uploaded photo is accepted only when its bytes are a whole image of
// the declared type: a file that merely begins like a JPEG (a JPEG header
// followed by HTML and a script, a truncated photo, a bare PNG signature,
// a photo with a web page behind its end marker) is refused, on the API
// and the owners' pages alike. JPEG and PNG are checked by their structure
// as the bytes stream through (structure.go), HEIC by its boxes (heic.go);
// WebP, which no phone camera writes, is decoded to its end. Dimensions
// are checked against maxPixels before anything else is read. The stored
// bytes are never re-encoded, because their EXIF time and place are
// evidence.

// NotImageError is CheckImage's refusal of bytes that are not a whole
// image. Detail is safe to show a client: it names no decoder or Go error.
type NotImageError struct{ Detail string }

func (e *NotImageError) Error() string { return e.Detail }

func notImage(format string, args ...any) error {
	return &NotImageError{Detail: fmt.Sprintf(format, args...)}
}

// readError marks a failure of the reader under a decoder (the object
// store going away mid-read), which is no verdict on the bytes.
type readError struct{ err error }

func (e *readError) Error() string { return "read image: " + e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

// sourceReader remembers the first error of its reader other than EOF, so
// that a decoder's failure is told apart from the store's.
type sourceReader struct {
	r   io.Reader
	err error
}

func (s *sourceReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && !errors.Is(err, io.EOF) && s.err == nil {
		s.err = err
	}
	return n, err
}

// CheckImage reads r as an image of content type ct to its end and
// returns nil when it is a whole one: a JPEG's segments and scans from its
// start to its end marker, a PNG's chunks (their CRCs, and the image data
// inflated to the size the header declares) to IEND, a well-formed HEIC
// (checkHEIC), a WebP decoded to its end; the declared dimensions within
// maxPixels. Bytes after a JPEG's, PNG's or WebP's end (a phone's trailer)
// are read too and refuse the image when they hold markup (checkTrailer).
// A refusal is a *NotImageError. An error of r itself is returned
// wrapped, never as a *NotImageError.
func CheckImage(r io.Reader, ct string) error {
	src := &sourceReader{r: r}
	err := checkImage(bufio.NewReaderSize(src, readBuf), ct)
	if src.err != nil {
		return &readError{src.err}
	}
	return err
}

func checkImage(br *bufio.Reader, ct string) error {
	switch ct {
	case TypeJPEG:
		return checkJPEG(br)
	case TypePNG:
		return checkPNG(br)
	case TypeWebP:
		return checkWebP(br)
	case TypeHEIC:
		return checkHEIC(br)
	}
	return notImage("the bytes are not a JPEG, PNG, WebP or HEIC image")
}

// checkWebP decodes a WebP to its end, once its declared dimensions are
// within maxPixels, then reads what follows (checkTrailer).
func checkWebP(br *bufio.Reader) error {
	var seen bytes.Buffer // what DecodeConfig read, given to Decode again
	cfg, err := webp.DecodeConfig(io.TeeReader(br, &seen))
	if err != nil {
		return notImage("the bytes begin like a WebP image but its header cannot be read")
	}
	if err := withinPixels(cfg.Width, cfg.Height); err != nil {
		return err
	}
	if _, err := webp.Decode(io.MultiReader(&seen, br)); err != nil {
		return notImage("the bytes begin like a WebP image but are not a whole one (cut short, or other data)")
	}
	return checkTrailer(br)
}

// withinPixels refuses an empty image and one of more than maxPixels
// pixels (a decompression bomb: a phone photo is far below it).
func withinPixels(w, h int) error {
	if w <= 0 || h <= 0 {
		return notImage("the image has no pixels")
	}
	if int64(w)*int64(h) > maxPixels {
		return notImage("the image has %d×%d pixels; at most %d are accepted", w, h, maxPixels)
	}
	return nil
}
