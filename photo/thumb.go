package photo

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // registered so a mislabelled GIF decodes instead of failing oddly
	"image/jpeg"
	_ "image/png"

	"github.com/disintegration/imaging"
	_ "golang.org/x/image/webp"
)

// maxPixels refuses decompression bombs: a phone photo (resized to 2,048
// px on the long edge before upload) is far below it.
const maxPixels = 50_000_000

// errNoDecoder marks images we store but cannot draw (HEIC, or bytes a
// decoder refuses): they get no thumbnail, which is not a failure.
var errNoDecoder = errors.New("image cannot be decoded")

// thumbnails are the encoded JPEG thumbnails of one image.
type thumbnails struct {
	Width, Height int
	Small, Large  []byte
}

// makeThumbnails decodes data (JPEG, PNG or WebP; EXIF orientation
// applied) and renders the 320 and 1280 px thumbnails (long edge; never
// enlarged) as JPEG.
func makeThumbnails(data []byte, contentType string) (thumbnails, error) {
	if contentType == TypeHEIC {
		return thumbnails{}, errNoDecoder
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return thumbnails{}, fmt.Errorf("%w: %w", errNoDecoder, err)
	}
	if cfg.Width*cfg.Height > maxPixels {
		return thumbnails{}, fmt.Errorf("%w: %dx%d pixels is too many", errNoDecoder, cfg.Width, cfg.Height)
	}
	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return thumbnails{}, fmt.Errorf("%w: %w", errNoDecoder, err)
	}
	b := img.Bounds()
	t := thumbnails{Width: b.Dx(), Height: b.Dy()}
	if t.Small, err = encodeThumb(img, ThumbSmall); err != nil {
		return t, err
	}
	t.Large, err = encodeThumb(img, ThumbLarge)
	return t, err
}

func encodeThumb(img image.Image, px int) ([]byte, error) {
	b := img.Bounds()
	if b.Dx() > px || b.Dy() > px {
		img = imaging.Fit(img, px, px, imaging.Lanczos)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		return nil, fmt.Errorf("encode %d px thumbnail: %w", px, err)
	}
	return buf.Bytes(), nil
}
