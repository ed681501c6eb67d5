package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Problem is an RFC 9457 problem document.
type Problem struct {
	Type     string              `json:"type"`
	Title    string              `json:"title"`
	Status   int                 `json:"status"`
	Detail   string              `json:"detail,omitempty"`
	Code     string              `json:"code"`
	Instance string              `json:"instance,omitempty"`
	Errors   []models.FieldError `json:"errors,omitempty"`
}

// statusOf is the one table from error kinds to HTTP statuses.
var statusOf = map[models.Kind]int{
	models.KindInvalid:         http.StatusUnprocessableEntity,
	models.KindNotFound:        http.StatusNotFound,
	models.KindConflict:        http.StatusConflict,
	models.KindPrecondition:    http.StatusPreconditionFailed,
	models.KindForbidden:       http.StatusForbidden,
	models.KindUnauthenticated: http.StatusUnauthorized,
	models.KindRateLimited:     http.StatusTooManyRequests,
	models.KindTooLarge:        http.StatusRequestEntityTooLarge,
	models.KindUnavailable:     http.StatusServiceUnavailable,
}

// Codes whose status differs from their kind's default.
var statusOfCode = map[string]int{
	"invalid_request":    http.StatusBadRequest, // the request does not match the contract
	"malformed_json":     http.StatusBadRequest,
	"if_match_required":  http.StatusPreconditionRequired,
	"method_not_allowed": http.StatusMethodNotAllowed,
	// An upload body cut short: the bytes that arrived are kept (docs/PHOTOS.md §4)
	"upload_interrupted": http.StatusBadRequest,
	// Content-Encoding the route does not take (contentEncodingMiddleware)
	"unsupported_content_encoding": http.StatusUnsupportedMediaType,
	// Content-Type the operation does not list (checkContentType)
	"unsupported_media_type": http.StatusUnsupportedMediaType,
}

// codeDatabaseUnavailable answers any request that met a database outage.
const codeDatabaseUnavailable = "database_unavailable"

// errorHandler renders every error as problem+json: domain errors with their
// kind's status and safe message; Fiber's own errors (unknown route, body
// too large) with their status; a database that cannot be reached (wherever
// the request met it: loading the principal, counting a login attempt, a
// push) as 503 with Retry-After, which apps back off on (docs/SYNC.md §3);
// anything else as a generic 500 that carries the request id, the cause
// logged once and never sent.
func errorHandler(log *slog.Logger) fiber.ErrorHandler {
	return func(c *fiber.Ctx, err error) error {
		p := problemFor(err)
		p.Instance = requestID(c)
		switch p.Code {
		case "internal":
			log.Error("request failed", "request_id", p.Instance, "method", c.Method(), "path", c.Path(), "err", err)
		case codeDatabaseUnavailable:
			log.Warn("database unreachable", "request_id", p.Instance, "method", c.Method(), "path", c.Path(), "err", err)
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(storage.RetryAfterUnreachable))
		}
		var me *models.Error
		if errors.As(err, &me) && me.RetryAfter > 0 {
			c.Set(fiber.HeaderRetryAfter, strconv.Itoa(me.RetryAfter))
		}
		return writeProblem(c, p)
	}
}

// ProblemFor is the problem the API answers for err: the pages (package
// web) show the same status, code and safe message.
func ProblemFor(err error) Problem { return problemFor(err) }

func problemFor(err error) Problem {
	var me *models.Error
	if errors.As(err, &me) {
		status := statusOf[me.Kind]
		if s, ok := statusOfCode[me.Code]; ok {
			status = s
		}
		if status == 0 {
			status = http.StatusInternalServerError
		}
		return Problem{
			Type:   "about:blank",
			Title:  http.StatusText(status),
			Status: status,
			Detail: me.Message,
			Code:   me.Code,
			Errors: me.Fields,
		}
	}
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return fiberProblem(fe)
	}
	if storage.Unreachable(err) {
		return Problem{Type: "about:blank", Title: "Service Unavailable", Status: http.StatusServiceUnavailable,
			Code: codeDatabaseUnavailable, Detail: "the database cannot be reached; retry after Retry-After seconds"}
	}
	return Problem{Type: "about:blank", Title: "Internal Server Error", Status: 500, Code: "internal",
		Detail: "something went wrong on our side; quote the instance id when reporting it"}
}

// fiberProblem maps Fiber's own errors; their messages are Fiber's fixed
// texts except for body parsing, whose detail we replace.
func fiberProblem(fe *fiber.Error) Problem {
	// An error never answers as a success, a status 0 or one without a name.
	if fe.Code < 400 || fe.Code > 599 || http.StatusText(fe.Code) == "" {
		return problemFor(errors.New("fiber error with a non-error status"))
	}
	p := Problem{Type: "about:blank", Title: http.StatusText(fe.Code), Status: fe.Code}
	switch fe.Code {
	case fiber.StatusNotFound:
		p.Code, p.Detail = "route_not_found", "no such route"
	case fiber.StatusMethodNotAllowed:
		p.Code, p.Detail = "method_not_allowed", "this route does not accept that method"
	case fiber.StatusRequestEntityTooLarge:
		p.Code, p.Detail = "body_too_large", "the request body is larger than this route accepts"
	case fiber.StatusBadRequest:
		p.Code, p.Detail = "malformed_request", "the request could not be read: check the JSON and parameter types"
	default:
		p.Code, p.Detail = "http_error", http.StatusText(fe.Code)
	}
	return p
}

func writeProblem(c *fiber.Ctx, p Problem) error {
	c.Status(p.Status)
	c.Set(fiber.HeaderContentType, "application/problem+json")
	return c.JSON(p, "application/problem+json")
}
