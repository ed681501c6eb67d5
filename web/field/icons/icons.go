//go:build ignore

// Command icons draws the field app's icons into static/ (go run icons/icons.go, from web/field/static).
package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
)

// A boat's hull and a mast on the app's blue: drawn, not taken from anywhere.
func main() {
	for _, spec := range []struct {
		name string
		size int
		pad  float64
	}{{"icon-192.png", 192, 0.12}, {"icon-512.png", 512, 0.12}, {"icon-512-maskable.png", 512, 0.22}} {
		n := spec.size
		img := image.NewRGBA(image.Rect(0, 0, n, n))
		blue := color.RGBA{0x0b, 0x3d, 0x5c, 0xff}
		white := color.RGBA{0xff, 0xff, 0xff, 0xff}
		orange := color.RGBA{0xf2, 0x9b, 0x38, 0xff}
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				img.Set(x, y, blue)
				fx, fy := float64(x)/float64(n), float64(y)/float64(n)
				p := spec.pad
				s := 1 - 2*p
				u, v := (fx-p)/s, (fy-p)/s
				// hull: a trapezoid
				if v > 0.62 && v < 0.8 {
					k := (v - 0.62) / 0.18
					if u > 0.08+0.12*k && u < 0.92-0.12*k {
						img.Set(x, y, white)
					}
				}
				// mast
				if u > 0.47 && u < 0.53 && v > 0.12 && v < 0.62 {
					img.Set(x, y, white)
				}
				// sail: a triangle
				if v > 0.16 && v < 0.56 && u > 0.55 && u < 0.55+0.33*(v-0.16)/0.4 {
					img.Set(x, y, orange)
				}
				// water
				if v > 0.86 && v < 0.9 && u > 0.05 && u < 0.95 {
					img.Set(x, y, white)
				}
			}
		}
		f, _ := os.Create(spec.name)
		_ = png.Encode(f, img)
		_ = f.Close()
	}
}
