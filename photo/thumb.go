package photo

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	stddraw "image/draw"
	_ "image/gif" // registered so a mislabelled GIF decodes instead of failing oddly
	"image/jpeg"
	_ "image/png"

	"github.com/disintegration/imaging"
	"golang.org/x/image/draw"
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

// makeThumbnails decodes data (JPEG, PNG or WebP) and renders the 1280 px
// thumbnail from it and the 320 px one from the 1280 px one (long edge;
// never enlarged), as JPEG, with the EXIF orientation applied to the
// thumbnails only (rotating the full image costs more than scaling it).
//
// The cost is bounded to one core per photo: everything here runs on the
// calling goroutine (image/jpeg, image/draw and x/image/draw start none;
// the Lanczos resize used before spread over every core), and the scaling
// is 2×2 averaging plus one bilinear or cubic step instead of Lanczos-3
// (see fit; figures in docs/PHOTOS.md §7). The worker's concurrency is the
// other bound (TINDAL_THUMB_WORKERS).
func makeThumbnails(data []byte, contentType string, orientation int) (thumbnails, error) {
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
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return thumbnails{}, fmt.Errorf("%w: %w", errNoDecoder, err)
	}
	b := img.Bounds()
	t := thumbnails{Width: b.Dx(), Height: b.Dy()}
	if orientation >= 5 && orientation <= 8 { // a quarter turn: the photo as seen is tall where the pixels are wide
		t.Width, t.Height = t.Height, t.Width
	}
	large := fit(img, ThumbLarge)
	small := fit(large, ThumbSmall)
	if t.Large, err = encodeThumb(orient(large, orientation), ThumbLarge); err != nil {
		return t, err
	}
	t.Small, err = encodeThumb(orient(small, orientation), ThumbSmall)
	return t, err
}

// fit scales img down so that its long edge is px (never up), on the
// calling goroutine. While the image is at least twice the target it is
// halved by averaging 2×2 blocks (cheap, and alias-free); the last step,
// by less than 2×, is bilinear (x/image/draw's ApproxBiLinear) for a large
// image and the Catmull-Rom cubic for a small one, where its cost is low.
func fit(img image.Image, px int) image.Image {
	b := img.Bounds()
	if b.Dx() <= px && b.Dy() <= px {
		return img
	}
	for max(b.Dx(), b.Dy()) >= 2*px {
		img = halve(img)
		b = img.Bounds()
	}
	w, h := b.Dx(), b.Dy()
	if w >= h {
		h, w = max(1, (h*px+w/2)/w), px
	} else {
		w, h = max(1, (w*px+h/2)/h), px
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	var k draw.Scaler = draw.CatmullRom
	if b.Dx()*b.Dy() > 1<<20 {
		k = draw.ApproxBiLinear
	}
	k.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// halve averages each 2×2 block of img into one pixel.
func halve(img image.Image) *image.RGBA {
	src, ok := img.(*image.RGBA)
	if !ok {
		src = image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
		stddraw.Draw(src, src.Bounds(), img, img.Bounds().Min, stddraw.Src)
	}
	b := src.Bounds()
	w, h := b.Dx()/2, b.Dy()/2
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		r0 := src.Pix[(2*y)*src.Stride:]
		r1 := src.Pix[(2*y+1)*src.Stride:]
		d := dst.Pix[y*dst.Stride:]
		for x := range w {
			i := 8 * x
			for c := range 4 {
				//nolint:gosec // the mean of four bytes fits in a byte
				d[4*x+c] = uint8((uint(r0[i+c]) + uint(r0[i+4+c]) + uint(r1[i+c]) + uint(r1[i+4+c]) + 2) / 4)
			}
		}
	}
	return dst
}

// orient applies an EXIF orientation (1–8) to a thumbnail.
func orient(img image.Image, o int) image.Image {
	switch o {
	case 2:
		return imaging.FlipH(img)
	case 3:
		return imaging.Rotate180(img)
	case 4:
		return imaging.FlipV(img)
	case 5:
		return imaging.Transpose(img)
	case 6:
		return imaging.Rotate270(img)
	case 7:
		return imaging.Transverse(img)
	case 8:
		return imaging.Rotate90(img)
	}
	return img
}

func encodeThumb(img image.Image, px int) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err != nil {
		return nil, fmt.Errorf("encode %d px thumbnail: %w", px, err)
	}
	return buf.Bytes(), nil
}
