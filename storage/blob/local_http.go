package blob

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Operations a Local URL may be signed for.
const (
	opPut  = "put"
	opPart = "part"
	opGet  = "get"
)

// maxLocalPart bounds a part sent to UploadHandler (photos are 25 MiB).
const maxLocalPart = 64 << 20

// presign builds a URL under the public base for key carrying params, an
// expiry and an HMAC over all of them.
func (l *Local) presign(method, key string, params map[string]string, ttl time.Duration, h http.Header) Presigned {
	exp := l.now().Add(ttl)
	q := url.Values{"exp": {strconv.FormatInt(exp.Unix(), 10)}}
	for k, v := range params {
		q.Set(k, v)
	}
	q.Set("sig", l.sign(key, q))
	u := *l.base
	u.Path = l.basePath + "/" + key
	u.RawQuery = q.Encode()
	return Presigned{Method: method, URL: u.String(), Header: h, Expires: exp}
}

// sign is the HMAC-SHA256 of the key and every parameter but sig.
func (l *Local) sign(key string, q url.Values) string {
	c := url.Values{}
	for k, v := range q {
		if k != "sig" {
			c[k] = v
		}
	}
	m := hmac.New(sha256.New, l.key)
	m.Write([]byte(key + "\n" + c.Encode()))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// PresignPut signs a PUT to UploadHandler of exactly the declared bytes.
func (l *Local) PresignPut(ctx context.Context, key string, opts PresignPutOptions) (Presigned, error) {
	if err := checkPresignPut(key, opts); err != nil {
		return Presigned{}, err
	}
	h := http.Header{}
	h.Set("X-Amz-Checksum-Sha256", sha256Base64(opts.SHA256))
	params := map[string]string{"op": opPut, "sha256": opts.SHA256, "size": strconv.FormatInt(opts.Size, 10)}
	if opts.ContentType != "" {
		h.Set("Content-Type", opts.ContentType)
		params["ct"] = opts.ContentType
	}
	return l.presign(http.MethodPut, key, params, ttlOr(opts.TTL, UploadTTL), h), nil
}

// PresignGet signs a GET to DownloadHandler.
func (l *Local) PresignGet(ctx context.Context, key string, ttl time.Duration) (Presigned, error) {
	if err := ValidKey(key); err != nil {
		return Presigned{}, err
	}
	return l.presign(http.MethodGet, key, map[string]string{"op": opGet}, ttlOr(ttl, DownloadTTL), nil), nil
}

// verify checks a request's signature and expiry and returns its key and
// parameters; it writes the error response itself when it fails.
func (l *Local) verify(w http.ResponseWriter, r *http.Request, ops ...string) (string, url.Values, bool) {
	key, ok := strings.CutPrefix(r.URL.Path, l.basePath+"/")
	q := r.URL.Query()
	if !ok || ValidKey(key) != nil {
		httpError(w, http.StatusNotFound, "NoSuchKey", "no such object")
		return "", nil, false
	}
	if !hmac.Equal([]byte(q.Get("sig")), []byte(l.sign(key, q))) || !contains(ops, q.Get("op")) {
		httpError(w, http.StatusForbidden, "SignatureDoesNotMatch", "bad signature")
		return "", nil, false
	}
	exp, err := strconv.ParseInt(q.Get("exp"), 10, 64)
	if err != nil || l.now().Unix() > exp {
		httpError(w, http.StatusForbidden, "AccessDenied", "request has expired")
		return "", nil, false
	}
	return key, q, true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func httpError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(code + ": " + msg + "\n")) //nolint:gosec,errcheck // text/plain, nosniff
}

// UploadHandler serves the PUTs signed by PresignPut and PresignPart. Mount
// it at PublicBaseURL's path (and below). It checks the signature and
// expiry, the declared size and SHA-256 (x-amz-checksum-sha256 must be sent
// as signed), and streams the body to disk; nothing is stored unless it
// all matches.
func (l *Local) UploadHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPut {
			w.Header().Set("Allow", http.MethodPut)
			httpError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "use PUT")
			return
		}
		key, q, ok := l.verify(w, r, opPut, opPart)
		if !ok {
			return
		}
		if q.Get("op") == opPart {
			l.servePart(w, r, key, q)
			return
		}
		l.servePut(w, r, key, q)
	})
}

func (l *Local) servePut(w http.ResponseWriter, r *http.Request, key string, q url.Values) {
	sum, size := q.Get("sha256"), q.Get("size")
	n, _ := strconv.ParseInt(size, 10, 64) //nolint:errcheck // checked digits
	if r.Header.Get("X-Amz-Checksum-Sha256") != sha256Base64(sum) ||
		(q.Has("ct") && r.Header.Get("Content-Type") != q.Get("ct")) {
		httpError(w, http.StatusForbidden, "SignatureDoesNotMatch", "signed headers missing or changed")
		return
	}
	if r.ContentLength != n {
		httpError(w, http.StatusBadRequest, "IncompleteBody", "Content-Length must be "+size)
		return
	}
	body := &bodyReader{r: r.Body}
	info, err := l.Put(r.Context(), key, body, n, PutOptions{SHA256: sum, ContentType: q.Get("ct")})
	if err != nil {
		writeUploadError(w, body, n, err)
		return
	}
	w.Header().Set("ETag", `"`+info.ETag+`"`)
	w.WriteHeader(http.StatusOK)
}

func (l *Local) servePart(w http.ResponseWriter, r *http.Request, key string, q url.Values) {
	num, err := strconv.Atoi(q.Get("part"))
	if err != nil || checkPartNumber(num) != nil {
		httpError(w, http.StatusBadRequest, "InvalidArgument", "bad part number")
		return
	}
	if r.ContentLength < 0 || r.ContentLength > maxLocalPart {
		httpError(w, http.StatusRequestEntityTooLarge, "EntityTooLarge", "part needs a Content-Length up to 64 MiB")
		return
	}
	body := &bodyReader{r: r.Body}
	etag, err := l.putPart(key, q.Get("upload"), num, body, r.ContentLength)
	if err != nil {
		writeUploadError(w, body, r.ContentLength, err)
		return
	}
	w.Header().Set("ETag", `"`+etag+`"`)
	w.WriteHeader(http.StatusOK)
}

// bodyReader remembers that the client's body could not be read to its
// end (the connection was cut, or stalled past the server's idle limit).
type bodyReader struct {
	r   io.Reader
	n   int64
	err error
}

func (b *bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	b.n += int64(n)
	if err != nil && !errors.Is(err, io.EOF) {
		b.err = err
	}
	return n, err
}

// writeUploadError answers a failed upload. A body cut short (a read
// error, or an end before its Content-Length of want bytes) is the
// client's link, not our fault: 400 upload_interrupted as problem+json,
// the same answer as the API's own upload routes, so that a client never
// mistakes a slow link for a server error; nothing was stored.
func writeUploadError(w http.ResponseWriter, body *bodyReader, want int64, err error) {
	short := errors.Is(err, ErrSizeMismatch) && body.n < want
	if (body.err == nil && !short) || errors.Is(err, ErrChecksumMismatch) {
		writeStoreError(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/problem+json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusBadRequest)
	problem := `{"type":"about:blank","title":"Bad Request","status":400,"code":"upload_interrupted",` +
		`"detail":"the request body could not be read to its end; nothing was stored: send it again"}`
	_, _ = w.Write([]byte(problem)) //nolint:errcheck // the client went away
}

func writeStoreError(w http.ResponseWriter, err error) {
	switch {
	case errors.Is(err, ErrChecksumMismatch):
		httpError(w, http.StatusBadRequest, "BadDigest", "body does not match the signed sha256")
	case errors.Is(err, ErrSizeMismatch):
		httpError(w, http.StatusBadRequest, "IncompleteBody", "body does not match the signed size")
	case errors.Is(err, ErrTooLarge):
		httpError(w, http.StatusRequestEntityTooLarge, "EntityTooLarge", "too large")
	case errors.Is(err, ErrNotFound):
		httpError(w, http.StatusNotFound, "NoSuchUpload", "no such upload")
	case errors.Is(err, ErrInvalid):
		httpError(w, http.StatusBadRequest, "InvalidArgument", "invalid request")
	default:
		httpError(w, http.StatusInternalServerError, "InternalError", "could not store the object")
	}
}

// DownloadHandler serves the GETs (and HEADs) signed by PresignGet, with
// Range support. Mount it at PublicBaseURL's path (and below).
func (l *Local) DownloadHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			httpError(w, http.StatusMethodNotAllowed, "MethodNotAllowed", "use GET")
			return
		}
		key, _, ok := l.verify(w, r, opGet)
		if !ok {
			return
		}
		o, err := l.open(key)
		if err != nil {
			if errors.Is(err, ErrNotFound) {
				httpError(w, http.StatusNotFound, "NoSuchKey", "no such object")
				return
			}
			writeStoreError(w, err)
			return
		}
		defer o.Close()
		info, err := l.info(key, o)
		if err != nil {
			writeStoreError(w, err)
			return
		}
		w.Header().Set("Content-Type", info.ContentType)
		w.Header().Set("ETag", `"`+info.ETag+`"`)
		w.Header().Set("Cache-Control", "private, max-age=300")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		http.ServeContent(w, r, "", info.Modified, o)
	})
}
