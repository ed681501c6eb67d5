package api

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"strconv"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/public"
	"github.com/tindal/tindal/rules"
)

// publicMaxAge is how long a cache may keep the public page: short, so a
// detention shows within a minute, long enough that a boatload of
// passengers scanning one code behind one proxy costs one request.
const publicMaxAge = 60

// publicRegistration is the path segment of a registration number (see
// public.PathOf), in upper or lower case.
var publicRegistration = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9~_-]{2,40}$`)

// publicPage serves GET /v/vessel/{registration}: the vessel's public
// status as HTML or JSON, outside the contract (like /docs) and without a
// token. Every request, a 404 and a 304 included, is counted against the
// client address's limit before anything is read, so that looking up
// numbers one by one costs the same as reading one vessel's page.
type publicPage struct {
	h       *handlers
	limiter *public.Limiter
	svc     *public.Service
	// requests counts answers by outcome and format; limited counts the
	// requests refused for the rate limit.
	requests *prometheus.CounterVec
	limited  prometheus.Counter
}

// mountPublic serves the public vessel page.
func (h *handlers) mountPublic(app *fiber.App) {
	p := &publicPage{h: h, limiter: public.NewLimiter(h.d.DB, h.d.PublicLimit), svc: h.d.Public,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tindal_public_vessel_requests_total",
			Help: "Public vessel status page answers by outcome (ok, not_modified, redirect, " +
				"not_found, rate_limited, invalid, error) and format."},
			[]string{"outcome", "format"}),
		limited: prometheus.NewCounter(prometheus.CounterOpts{Name: "tindal_public_vessel_rate_limited_total",
			Help: "Public vessel status page requests refused for the per-address rate limit."}),
	}
	if h.d.Metrics != nil {
		h.d.Metrics.MustRegister(p.requests, p.limited)
	}
	app.Get("/v/vessel/:registration", p.serve)
}

// serve answers one request and counts its outcome.
func (p *publicPage) serve(c *fiber.Ctx) error {
	// No script, frame, form or fetch: the page is text and one inline
	// style (its Content-Security-Policy: documentHeaders).
	format, ferr := publicFormat(c)
	outcome, err := p.answer(c, format, ferr)
	p.requests.WithLabelValues(outcome, format).Inc()
	if err == nil {
		return nil
	}
	if outcome == "rate_limited" {
		p.limited.Inc()
	}
	return p.fail(c, format, err)
}

// answer writes the page, or returns the error to answer with and the
// outcome to count.
func (p *publicPage) answer(c *fiber.Ctx, format string, ferr error) (string, error) {
	now := p.h.d.Clock()
	if err := p.limiter.Allow(c.UserContext(), remoteAddr(c.UserContext()), now); err != nil {
		return outcomeOf(err), err
	}
	if !canonicalPath(c.Request().URI().PathOriginal()) { // no percent-encoding, dot segments or trailing slash
		return "not_found", public.ErrNotFound
	}
	if ferr != nil {
		return "invalid", ferr
	}
	seg := c.Params("registration")
	if !publicRegistration.MatchString(seg) {
		return "not_found", public.ErrNotFound
	}
	reg := public.Unslug(seg)
	if canonical := public.Slug(reg); canonical != seg { // typed in lower case: one URL per vessel, for caches
		c.Set(fiber.HeaderCacheControl, "public, max-age=86400")
		return "redirect", c.Redirect(public.PathOf(reg)+queryOf(c), fiber.StatusMovedPermanently)
	}
	st, err := p.svc.Status(c.UserContext(), reg, rules.DateOf(now))
	if err != nil {
		return outcomeOf(err), err
	}
	return p.write(c, format, st)
}

// write sends the status in format, or 304 when the client's copy is the
// same representation.
func (p *publicPage) write(c *fiber.Ctx, format string, st public.VesselStatus) (string, error) {
	lang := publicLanguage(c)
	body, ctype, err := renderPublic(format, lang, st)
	if err != nil {
		return "error", err
	}
	sum := sha256.Sum256(body)
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
	publicCacheHeaders(c)
	c.Set(fiber.HeaderETag, etag)
	c.Set(fiber.HeaderLastModified, st.UpdatedAt.UTC().Format(http.TimeFormat))
	if format == "html" {
		c.Set(fiber.HeaderContentLanguage, lang)
	}
	if etagMatches(c.Get(fiber.HeaderIfNoneMatch), etag) {
		c.Status(fiber.StatusNotModified)
		return "not_modified", nil
	}
	c.Set(fiber.HeaderContentType, ctype)
	return "ok", c.Send(body)
}

// publicCacheHeaders lets any cache keep the answer briefly, per format
// and language.
func publicCacheHeaders(c *fiber.Ctx) {
	c.Set(fiber.HeaderCacheControl, "public, max-age="+strconv.Itoa(publicMaxAge))
	c.Set(fiber.HeaderVary, "Accept, Accept-Language")
}

// renderPublic is the body of the status in format.
func renderPublic(format, lang string, st public.VesselStatus) ([]byte, string, error) {
	if format == "json" {
		b, err := json.Marshal(st)
		return b, fiber.MIMEApplicationJSONCharsetUTF8, err
	}
	b, err := publicHTML(lang, st)
	return b, fiber.MIMETextHTMLCharsetUTF8, err
}

// fail answers an error: problem+json for a JSON client (errorHandler), a
// short page in the reader's language for a browser. A 404 is cacheable
// like a page, so that probing numbers does not bypass caches either.
func (p *publicPage) fail(c *fiber.Ctx, format string, err error) error {
	var me *models.Error
	if !errors.As(err, &me) {
		return err // a generic 500 with the request id, the cause logged once
	}
	if me.Kind == models.KindNotFound {
		publicCacheHeaders(c)
	} else {
		c.Set(fiber.HeaderCacheControl, "no-store")
	}
	if format == "json" {
		return err
	}
	status := problemFor(err).Status
	if me.RetryAfter > 0 {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(me.RetryAfter))
	}
	lang := publicLanguage(c)
	body, rerr := publicErrorHTML(lang, me.Kind)
	if rerr != nil {
		return rerr
	}
	c.Set(fiber.HeaderContentType, fiber.MIMETextHTMLCharsetUTF8)
	c.Set(fiber.HeaderContentLanguage, lang)
	return c.Status(status).Send(body)
}

// publicFormat is json for ?format=json or a client that prefers JSON,
// html otherwise (a browser, or no Accept at all).
func publicFormat(c *fiber.Ctx) (string, error) {
	switch c.Query("format") {
	case "json":
		return "json", nil
	case "html":
		return "html", nil
	case "":
	default:
		e := models.Invalid(models.FieldError{Field: "format", Code: "enum", Message: "format is json or html"})
		e.Code = "invalid_request" // 400, as for a query the contract refuses
		return "html", e
	}
	if c.Accepts(fiber.MIMETextHTML, fiber.MIMEApplicationJSON) == fiber.MIMEApplicationJSON {
		return "json", nil
	}
	return "html", nil
}

// outcomeOf names an error's outcome for the metrics.
func outcomeOf(err error) string {
	var me *models.Error
	if errors.As(err, &me) {
		switch me.Kind {
		case models.KindRateLimited:
			return "rate_limited"
		case models.KindNotFound:
			return "not_found"
		case models.KindInvalid:
			return "invalid"
		}
	}
	return "error"
}

// queryOf is the request's query string with its "?", or "".
func queryOf(c *fiber.Ctx) string {
	if q := string(c.Request().URI().QueryString()); q != "" {
		return "?" + q
	}
	return ""
}
