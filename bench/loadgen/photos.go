package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"
)

// photoFile is a photo as the phone holds it: a small JPEG made in memory,
// distinct for every id, and its SHA-256 (what photo.attach declares).
type photoFile struct {
	id   uuid.UUID
	data []byte
	sha  string
}

// newPhoto draws a 128×96 JPEG whose sixteen 8×8 blocks of the top row
// carry the id's bytes, so no two photos share their bytes (the server
// would link a second photo of the same bytes instead of taking an upload).
func newPhoto(id uuid.UUID) photoFile {
	img := image.NewRGBA(image.Rect(0, 0, 128, 96))
	for y := range 96 {
		for x := range 128 {
			c := color.RGBA{uint8(x * 2), uint8(y * 2), id[15], 255}
			if y < 8 {
				c = color.RGBA{id[x/8], id[15-x/8], uint8(x), 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		panic(fmt.Sprintf("encode a JPEG in memory: %v", err)) // cannot fail on a bytes.Buffer
	}
	sum := sha256.Sum256(buf.Bytes())
	return photoFile{id: id, data: buf.Bytes(), sha: hex.EncodeToString(sum[:])}
}

// photoPlan is the part of POST /v1/photos's answer the phone follows.
type photoPlan struct {
	Status string `json:"status"`
	Method string `json:"method"`
	Put    *struct {
		URL     string            `json:"url"`
		Headers map[string]string `json:"headers"`
	} `json:"put"`
}

// errUploadFinal is an upload answer a retry cannot change.
var errUploadFinal = errors.New("upload refused")

// upload sends a photo's bytes as docs/PHOTOS.md §1 says — plan, PUT to
// the signed URL, complete — starting again from the plan (which answers
// the same plan with a fresh URL) after a network error, a 5xx, a 503
// with Retry-After or a 409 that says to wait. It returns once complete
// answered verified (or the plan said linked or verified).
func (c *client) upload(ctx context.Context, p photoFile) error {
	var last error
	for attempt := range 20 {
		if attempt > 0 {
			c.retried()
		}
		done, hdr, err := c.uploadOnce(ctx, p)
		if done || errors.Is(err, errUploadFinal) || ctx.Err() != nil {
			return err
		}
		last = err
		backoff(ctx, attempt, hdr)
	}
	return fmt.Errorf("photo %s: no verified answer after 20 attempts: %w", p.id, last)
}

// uploadOnce is one pass of plan, PUT, complete. done is true when the
// photo is verified; an error wrapping errUploadFinal must not be retried.
func (c *client) uploadOnce(ctx context.Context, p photoFile) (bool, http.Header, error) {
	status, b, hdr, err := c.doH(ctx, "POST", "/v1/photos",
		map[string]any{"id": p.id, "sha256": p.sha, "size": len(p.data), "content_type": "image/jpeg"}, nil)
	if err := answer("plan", status, b, err); err != nil {
		return false, hdr, err
	}
	var plan photoPlan
	if err := json.Unmarshal(b, &plan); err != nil {
		return false, nil, fmt.Errorf("photo %s: plan: %w", p.id, err)
	}
	switch {
	case plan.Status == "linked" || plan.Status == "verified":
		return true, nil, nil
	case plan.Method != "single" || plan.Put == nil:
		return false, nil, fmt.Errorf("photo %s: plan %s %s: %w", p.id, plan.Status, plan.Method, errUploadFinal)
	}
	if hdr, err := c.put(ctx, plan.Put.URL, plan.Put.Headers, p.data); err != nil {
		return false, hdr, fmt.Errorf("photo %s: %w", p.id, err)
	}
	status, b, hdr, err = c.doH(ctx, "POST", "/v1/photos/"+p.id.String()+"/complete", nil, nil)
	if err := answer("complete", status, b, err); err != nil {
		return false, hdr, fmt.Errorf("photo %s: %w", p.id, err)
	}
	var res struct{ State string }
	if err := json.Unmarshal(b, &res); err != nil || res.State != "verified" {
		return false, nil, fmt.Errorf("photo %s: complete answered %s: %w", p.id, b, errUploadFinal)
	}
	return true, nil, nil
}

// answer is nil for a 200, a retryable error for what a phone retries
// (no answer, 5xx, 429, any 409: verification in progress, not uploaded
// yet, a blob being deleted), and an errUploadFinal error for the rest.
func answer(step string, status int, body []byte, err error) error {
	switch {
	case err != nil:
		return fmt.Errorf("%s: %w", step, err)
	case status == http.StatusOK:
		return nil
	case status >= 500 || status == http.StatusTooManyRequests || status == http.StatusConflict:
		return fmt.Errorf("%s: %d %s", step, status, body)
	}
	return fmt.Errorf("%s: %d %s: %w", step, status, body, errUploadFinal)
}

// put sends the bytes to the signed URL with exactly its signed headers.
func (c *client) put(ctx context.Context, url string, hdr map[string]string, data []byte) (http.Header, error) {
	req, err := http.NewRequestWithContext(ctx, "PUT", url, bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("put: %w", err)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("put: %w", err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
	if res.StatusCode/100 != 2 {
		return res.Header, fmt.Errorf("put: %d %s", res.StatusCode, b)
	}
	return nil, nil
}

// stored fetches a photo's original through GET /v1/photos/{id} and its
// signed URL, and checks the bytes hash to sha: the object exists in the
// store and is the one uploaded.
func (c *client) stored(ctx context.Context, id uuid.UUID, sha string) error {
	var status int
	var b []byte
	var err error
	for attempt := range 5 {
		status, b, err = c.do(ctx, "GET", "/v1/photos/"+id.String(), nil, nil)
		if !transient(ctx, status, err) {
			break
		}
		backoff(ctx, attempt, nil)
	}
	if err != nil || status != http.StatusOK {
		return fmt.Errorf("GET /v1/photos/%s: %d %s %v", id, status, b, err)
	}
	var ph struct {
		URLs struct {
			Original *struct{ URL string } `json:"original"`
		} `json:"urls"`
	}
	if err := json.Unmarshal(b, &ph); err != nil || ph.URLs.Original == nil {
		return fmt.Errorf("photo %s: no original URL: %s", id, b)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", ph.URLs.Original.URL, nil)
	if err != nil {
		return err
	}
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("photo %s: object: %w", id, err)
	}
	defer res.Body.Close()
	h := sha256.New()
	if _, err := io.Copy(h, res.Body); err != nil || res.StatusCode != http.StatusOK {
		return fmt.Errorf("photo %s: object: %d %v", id, res.StatusCode, err)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != sha {
		return fmt.Errorf("photo %s: object hashes to %s, not %s", id, got, sha)
	}
	return nil
}
