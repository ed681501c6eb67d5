package photo

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"
)

// An uploaded photo is accepted only when its bytes are a whole image of
// the declared type: a file that merely begins like a JPEG (a JPEG header
// followed by HTML and a script, a truncated photo, a bare PNG signature)
// is refused, on the API and the owners' pages alike. The image is decoded
// to its end by the standard decoders after its dimensions were checked
// against maxPixels, and then thrown away: the stored bytes are never
// re-encoded, because their EXIF time and place are evidence.

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

// CheckImage reads r as an image of content type ct and returns nil when
// it is a whole one: JPEG, PNG and WebP are decoded to their end, once
// their declared dimensions are within maxPixels; HEIC, which no Go
// decoder reads, must be a well-formed ISO-BMFF file (checkHEIC). A
// refusal is a *NotImageError. Bytes after the image's end (a phone's
// trailer) are not read: the caller drains r when it needs every byte.
// An error of r itself is returned wrapped, never as a *NotImageError.
func CheckImage(r io.Reader, ct string) error {
	src := &sourceReader{r: r}
	err := checkImage(src, ct)
	if src.err != nil {
		return &readError{src.err}
	}
	return err
}

func checkImage(r io.Reader, ct string) error {
	var decodeConfig func(io.Reader) (image.Config, error)
	var decode func(io.Reader) (image.Image, error)
	switch ct {
	case TypeJPEG:
		decodeConfig, decode = jpeg.DecodeConfig, jpeg.Decode
	case TypePNG:
		decodeConfig, decode = png.DecodeConfig, png.Decode
	case TypeWebP:
		decodeConfig, decode = webp.DecodeConfig, webp.Decode
	case TypeHEIC:
		return checkHEIC(r)
	default:
		return notImage("the bytes are not a JPEG, PNG, WebP or HEIC image")
	}
	var seen bytes.Buffer // what DecodeConfig read, given to Decode again
	cfg, err := decodeConfig(io.TeeReader(r, &seen))
	if err != nil {
		return notImage("the bytes begin like a %s image but its header cannot be read", TypeName(ct))
	}
	if err := withinPixels(cfg.Width, cfg.Height); err != nil {
		return err
	}
	if _, err := decode(io.MultiReader(&seen, r)); err != nil {
		return notImage("the bytes begin like a %s image but are not a whole one (cut short, or other data)", TypeName(ct))
	}
	return nil
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
