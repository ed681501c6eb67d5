package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	stdsync "sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"github.com/valyala/fasthttp"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/storage/blob"
)

// PlanPhotoUpload answers POST /v1/photos with an upload plan.
func (h *handlers) PlanPhotoUpload(
	ctx context.Context,
	r openapi.PlanPhotoUploadRequestObject,
) (openapi.PlanPhotoUploadResponseObject, error) {
	ps := h.d.Photos
	b := r.Body
	resumable := b.Method != nil && *b.Method == openapi.PhotoPlanRequestMethodResumable
	p, err := ps.Plan(ctx, scopeOf(ctx), photo.PlanRequest{PhotoID: b.Id, SHA256: b.Sha256, Size: b.Size,
		ContentType: string(b.ContentType), Resumable: resumable})
	if err != nil {
		return nil, err
	}
	return openapi.PlanPhotoUpload200JSONResponse(planOut(p)), nil
}

// GetPhotoUpload answers GET /v1/photos/{id}/upload: progress and fresh URLs.
func (h *handlers) GetPhotoUpload(
	ctx context.Context,
	r openapi.GetPhotoUploadRequestObject,
) (openapi.GetPhotoUploadResponseObject, error) {
	ps := h.d.Photos
	p, err := ps.UploadStatus(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetPhotoUpload200JSONResponse(planOut(p)), nil
}

// CompletePhotoUpload answers POST /v1/photos/{id}/complete.
func (h *handlers) CompletePhotoUpload(
	ctx context.Context,
	r openapi.CompletePhotoUploadRequestObject,
) (openapi.CompletePhotoUploadResponseObject, error) {
	ps := h.d.Photos
	res, err := ps.Complete(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.CompletePhotoUpload200JSONResponse(resultOut(res)), nil
}

// GetPhoto answers GET /v1/photos/{id}.
func (h *handlers) GetPhoto(
	ctx context.Context,
	r openapi.GetPhotoRequestObject,
) (openapi.GetPhotoResponseObject, error) {
	ps := h.d.Photos
	v, err := ps.Get(ctx, scopeOf(ctx), r.Id)
	if err != nil {
		return nil, err
	}
	return openapi.GetPhoto200JSONResponse(photoOut(v)), nil
}

// putPhotoContent serves PUT /v1/photos/{id}/content, the fallback
// upload. It is not part of the generated strict server (whose binding
// would buffer the body): the contract middleware has authenticated,
// authorised and validated the request without reading the body, and
// here the body is streamed from the connection to the store. The 25 MiB
// limit is enforced while reading (and up front from Content-Length).
func (h *handlers) putPhotoContent(c *fiber.Ctx) error {
	ps := h.d.Photos
	id, err := uuid.Parse(c.Params("id"))
	if err != nil {
		return models.Errorf(models.KindInvalid, "invalid_request", "id must be a UUID")
	}
	length := contentLength(c)
	if n, err := strconv.ParseInt(c.Get(refusedLengthHeader), 10, 64); err == nil {
		length = n // refused on its head by refuseOversizedExpect: the client waits for our answer, body unsent
		c.Context().SetConnectionClose()
	}
	ctx := c.UserContext()
	res, err := ps.PutContent(ctx, scopeOf(ctx), id, progressBody(c, h.d.Timeouts.UploadIdle), length)
	if err != nil {
		return err
	}
	return putAnswer(c, res)
}

// uploadOffsetHeader is the offset of a resumable upload (as in the tus
// protocol): where a PATCH body starts, and what the server holds after it.
const uploadOffsetHeader = "Upload-Offset"

// patchPhotoContent serves PATCH /v1/photos/{id}/content, the resumable
// upload through the server: the body is appended from Upload-Offset,
// streamed as for the PUT. Every answer, problems included, says how many
// bytes the server holds.
func (h *handlers) patchPhotoContent(c *fiber.Ctx) error {
	ps := h.d.Photos
	id, err := uuid.Parse(c.Params("id"))
	if err != nil {
		return models.Errorf(models.KindInvalid, "invalid_request", "id must be a UUID")
	}
	offset, err := strconv.ParseInt(c.Get(uploadOffsetHeader), 10, 64)
	if err != nil || offset < 0 {
		return models.Errorf(models.KindInvalid, "invalid_request", "Upload-Offset must be the byte the body starts at")
	}
	ctx := c.UserContext()
	r, err := ps.Receive(ctx, scopeOf(ctx), id, offset, progressBody(c, h.d.Timeouts.UploadIdle), contentLength(c), false)
	if r.Size > 0 {
		c.Set(uploadOffsetHeader, strconv.FormatInt(r.Offset, 10))
	}
	if err != nil {
		return err
	}
	if r.Result == nil {
		return c.SendStatus(fiber.StatusNoContent)
	}
	return putAnswer(c, *r.Result)
}

// putAnswer answers a PUT or PATCH of a photo's bytes. The two operations
// are not generated (they stream the body, openapi/oapi-codegen.yaml); they
// answer the PhotoUploadResult CompletePhotoUpload answers, through its
// generated response.
func putAnswer(c *fiber.Ctx, r photo.Result) error {
	return openapi.CompletePhotoUpload200JSONResponse(resultOut(r)).VisitCompletePhotoUploadResponse(c)
}

// refusedLengthHeader carries the declared Content-Length of a fallback
// upload refused on its head (refuseOversizedExpect) to the handler. Only
// the server sets it: a client's copy is removed before anything reads it.
const refusedLengthHeader = "X-Tindal-Refused-Length"

// honourExpectContinue makes the server answer an over-limit fallback
// upload that asks "Expect: 100-continue" with 413 instead of 100, so the
// client never sends the body (RFC 9110 §10.1.1). fasthttp sends 100 for
// every such request before any handler runs, and its ContinueHandler can
// only refuse with a bare 417; so the head is rewritten as the request is
// received: no Expect, no body, the declared length kept aside for the
// handler, which answers the photo_too_large problem and closes. Any
// HeaderReceived hook already set still runs.
func honourExpectContinue(app *fiber.App) {
	srv := app.Server()
	prev := srv.HeaderReceived
	srv.HeaderReceived = func(h *fasthttp.RequestHeader) fasthttp.RequestConfig {
		refuseOversizedExpect(h)
		if prev != nil {
			return prev(h)
		}
		return fasthttp.RequestConfig{}
	}
}

func refuseOversizedExpect(h *fasthttp.RequestHeader) {
	h.Del(refusedLengthHeader)
	if !h.IsPut() || string(h.Peek(fiber.HeaderExpect)) != "100-continue" || h.ContentLength() <= photo.MaxSize {
		return
	}
	path, _, _ := strings.Cut(string(h.RequestURI()), "?")
	if !streamedRoute(fiber.MethodPut, path) || strings.HasPrefix(path, "/v1/blobs/") {
		return
	}
	h.Set(refusedLengthHeader, strconv.Itoa(h.ContentLength()))
	h.Del(fiber.HeaderExpect)
	h.SetContentLength(0)
}

// requestBody is the request body as a stream: the connection itself when
// fasthttp streams it (StreamRequestBody), else the buffered bytes.
func requestBody(c *fiber.Ctx) io.Reader {
	if s := c.Context().RequestBodyStream(); s != nil {
		return s
	}
	return bytes.NewReader(c.Request().Body()) // raw: never c.Body(), which inflates any Content-Encoding
}

// contentLength is the declared body length, or -1 when unknown (chunked).
func contentLength(c *fiber.Ctx) int64 {
	if n := c.Request().Header.ContentLength(); n >= 0 {
		return int64(n)
	}
	return -1
}

func planOut(p photo.Plan) openapi.PhotoPlan {
	out := openapi.PhotoPlan{PhotoId: p.PhotoID, Status: openapi.PhotoPlanStatus(p.Status)}
	if p.Status != photo.PlanUpload {
		return out
	}
	m := openapi.PhotoPlanMethod(p.Method)
	complete := "/v1/photos/" + p.PhotoID.String() + "/complete"
	fallback := "/v1/photos/" + p.PhotoID.String() + "/content"
	out.Method, out.CompleteUrl, out.FallbackUrl, out.Offset = &m, &complete, &fallback, &p.Offset
	if !p.Expires.IsZero() { // a resumable plan signs no URL
		out.ExpiresAt = &p.Expires
	}
	if p.Put != nil {
		put := presignedOut(*p.Put)
		out.Put = &put
	}
	if p.Method == photo.MethodMultipart {
		out.PartSize, out.PartCount = &p.PartSize, &p.PartCount
		parts := make([]openapi.PhotoPartUpload, len(p.Parts))
		for i, pt := range p.Parts {
			pr := presignedOut(pt.Presigned)
			parts[i] = openapi.PhotoPartUpload{Number: pt.Number, Method: openapi.PhotoPartUploadMethod(pr.Method),
				Url: pr.Url, Headers: pr.Headers, ExpiresAt: pr.ExpiresAt}
		}
		out.Parts = &parts
	}
	if p.Received != nil {
		rec := make([]openapi.PhotoPartReceived, len(p.Received))
		for i, r := range p.Received {
			rec[i] = openapi.PhotoPartReceived{Number: r.Number, Size: r.Size, Etag: strings.Trim(r.ETag, `"`)}
		}
		out.Received = &rec
	}
	return out
}

func presignedOut(p blob.Presigned) openapi.PresignedRequest {
	out := openapi.PresignedRequest{
		Method:    openapi.PresignedRequestMethod(p.Method),
		Url:       p.URL,
		ExpiresAt: p.Expires.UTC(),
	}
	if len(p.Header) > 0 {
		hs := map[string]string{}
		for k := range p.Header {
			hs[k] = p.Header.Get(k)
		}
		out.Headers = &hs
	}
	return out
}

func presignedPtr(p *blob.Presigned) *openapi.PresignedRequest {
	if p == nil {
		return nil
	}
	out := presignedOut(*p)
	return &out
}

func resultOut(r photo.Result) openapi.PhotoUploadResult {
	out := openapi.PhotoUploadResult{PhotoId: r.PhotoID, State: openapi.PhotoUploadResultState(r.State)}
	if r.Deferred {
		out.Deferred = &r.Deferred
	}
	return out
}

func photoOut(v photo.View) openapi.Photo {
	out := openapi.Photo{Id: v.ID, InspectionId: v.InspectionID, FindingId: v.FindingID, Sha256: v.SHA256, Size: v.Size,
		ContentType: v.ContentType, State: openapi.PhotoState(v.State), CapturedAt: v.CapturedAt, VerifiedAt: v.VerifiedAt,
		Flags: v.Flags, DistanceM: v.DistanceM, TimeOffsetS: v.TimeOffsetS, Width: v.Width, Height: v.Height,
		Thumbnails: openapi.PhotoThumbnails(v.ThumbState), Version: v.Version,
		Urls: &openapi.PhotoURLs{Original: presignedPtr(v.URLs.Original), Thumb320: presignedPtr(v.URLs.Small),
			Thumb1280: presignedPtr(v.URLs.Large)}}
	if v.RejectCode != "" {
		out.RejectCode = &v.RejectCode
	}
	if v.Caption != "" {
		out.Caption = &v.Caption
	}
	if v.ExifFound != nil {
		out.Exif = &openapi.PhotoExif{Found: *v.ExifFound, TakenAt: v.ExifTakenAt, Lat: v.ExifLat, Lon: v.ExifLon}
	}
	return out
}

// mountBlobs serves the local-disk store's signed upload and download URLs
// under /v1/blobs/ (they carry their own signatures, not a bearer token).
// Uploads are cut only after uploadIdle without a byte, as the photo
// content routes are.
func mountBlobs(app *fiber.App, l *blob.Local, uploadIdle time.Duration) {
	if l == nil {
		return
	}
	up, down := l.UploadHandler(), l.DownloadHandler()
	app.Put("/v1/blobs/*", streamHTTP(up, uploadIdle))
	app.Get("/v1/blobs/*", streamHTTP(down, 0))
	app.Head("/v1/blobs/*", streamHTTP(down, 0))
}

// streamHTTP runs a net/http handler for a Fiber request, streaming both
// ways (Fiber's adaptor would hold the request and the response bodies in
// memory): the request body comes from the connection, and the response
// body is piped to the client while the handler writes it.
func streamHTTP(hh http.Handler, uploadIdle time.Duration) fiber.Handler {
	return func(c *fiber.Ctx) error {
		body := requestBody(c)
		if uploadIdle > 0 {
			body = progressBody(c, uploadIdle)
		}
		req, err := http.NewRequestWithContext(c.UserContext(), c.Method(), string(c.Request().RequestURI()), body)
		if err != nil {
			return models.Errorf(models.KindInvalid, "invalid_request", "the request URI cannot be parsed")
		}
		req.ContentLength = contentLength(c)
		for k, v := range c.Request().Header.All() {
			req.Header.Add(string(k), string(v))
		}
		if c.Method() == fiber.MethodPut {
			hh.ServeHTTP(&bufferedWriter{c: c, h: http.Header{}}, req) // the answer is a few bytes
			return nil
		}
		return pipeResponse(c, hh, req)
	}
}

// pipeResponse serves a download: the handler runs in its own goroutine
// (it never touches c) writing into a pipe; once it has sent its head, the
// status and headers are copied to c and the pipe becomes the body stream,
// which fasthttp reads after this returns.
func pipeResponse(c *fiber.Ctx, hh http.Handler, req *http.Request) error {
	pr, pw := io.Pipe()
	w := &pipeWriter{h: http.Header{}, pw: pw, head: make(chan int, 1)}
	go func() {
		defer func() {
			if r := recover(); r != nil { // a broken download, not a crashed server
				w.commit(http.StatusInternalServerError)
				_ = pw.CloseWithError(fmt.Errorf("download handler panicked: %v", r))
				return
			}
			w.commit(http.StatusOK)
			_ = pw.Close()
		}()
		hh.ServeHTTP(w, req)
	}()
	status := <-w.head
	for k, vs := range w.sent {
		for _, v := range vs {
			if k != "Content-Length" {
				c.Response().Header.Add(k, v)
			}
		}
	}
	c.Status(status)
	size := -1
	if n, err := strconv.Atoi(w.sent.Get("Content-Length")); err == nil && c.Method() != fiber.MethodHead {
		size = n
	}
	c.Response().SetBodyStream(pr, size)
	return nil
}

// pipeWriter is the http.ResponseWriter of pipeResponse.
type pipeWriter struct {
	h    http.Header
	sent http.Header // the head as committed, read by the Fiber side
	pw   *io.PipeWriter
	head chan int
	once stdsync.Once
}

func (w *pipeWriter) Header() http.Header { return w.h }

// commit hands the head over, once; later calls are ignored.
func (w *pipeWriter) commit(code int) {
	w.once.Do(func() {
		w.sent = w.h.Clone() // later header changes are ignored, as in net/http
		w.head <- code
	})
}

func (w *pipeWriter) WriteHeader(code int) { w.commit(code) }

func (w *pipeWriter) Write(p []byte) (int, error) {
	w.commit(http.StatusOK)
	return w.pw.Write(p)
}

// bufferedWriter is an http.ResponseWriter writing to a Fiber response.
type bufferedWriter struct {
	c     *fiber.Ctx
	h     http.Header
	wrote bool
}

func (w *bufferedWriter) Header() http.Header { return w.h }

func (w *bufferedWriter) WriteHeader(code int) {
	if w.wrote {
		return
	}
	w.wrote = true
	for k, vs := range w.h {
		if k == "Content-Length" {
			continue // fasthttp sets it from the body
		}
		for _, v := range vs {
			w.c.Response().Header.Add(k, v)
		}
	}
	w.c.Status(code)
}

func (w *bufferedWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	w.c.Response().AppendBody(p)
	return len(p), nil
}
