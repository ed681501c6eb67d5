package api

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
)

// TestSecuredOperationsRefuseAMissingScope is the defence in depth of
// issue 10 hole 1: were a request to reach a secured operation's handler
// around the contract middleware, the strict server refuses it with 401
// rather than run it with a zero scope; public operations still run.
func TestSecuredOperationsRefuseAMissingScope(t *testing.T) {
	k, err := loadContract(nil)
	if err != nil {
		t.Fatal(err)
	}
	ran := 0
	handler := func(c *fiber.Ctx, _ any) (any, error) { ran++; return nil, c.SendStatus(200) }
	app := fiber.New(fiber.Config{ErrorHandler: errorHandler(slog.New(slog.NewTextHandler(io.Discard, nil)))})
	wrap := func(op string) fiber.Handler {
		h := k.secured(handler, op)
		return func(c *fiber.Ctx) error { _, err := h(c, nil); return err }
	}
	app.Get("/devices", wrap("ListDevices"))
	app.Get("/unknown-op", wrap("NoSuchOperation"))
	app.Get("/healthz", wrap("GetHealthz"))
	app.Get("/scoped", func(c *fiber.Ctx) error {
		c.SetUserContext(withScope(c.UserContext(), models.Scope{UserID: uuid.New(), Role: models.RoleAdmin, Access: models.AccessAll}))
		return c.Next()
	}, wrap("ListDevices"))
	for path, want := range map[string]int{"/devices": 401, "/unknown-op": 401, "/healthz": 200, "/scoped": 200} {
		res, err := app.Test(httptest.NewRequest("GET", path, nil))
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close() // only the status matters here
		if res.StatusCode != want {
			t.Errorf("%s: %d, want %d", path, res.StatusCode, want)
		}
	}
	if ran != 2 {
		t.Errorf("handler ran %d times, want 2 (healthz and the scoped call)", ran)
	}
	var _ openapi.StrictMiddlewareFunc = k.secured
}
