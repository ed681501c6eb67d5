package api

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
)

func TestPanicBecomesProblemWithRequestID(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	app := fiber.New(fiber.Config{ErrorHandler: errorHandler(log)})
	app.Use(requestIDMiddleware, logMiddleware(log), recoverMiddleware(log))
	app.Get("/boom", func(*fiber.Ctx) error { panic("secret internal detail") })
	res, err := app.Test(httptest.NewRequest("GET", "/boom", nil))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var p Problem
	_ = json.Unmarshal(body, &p)
	if res.StatusCode != 500 || p.Code != "internal" || p.Instance == "" || res.Header.Get("Content-Type") != "application/problem+json" {
		t.Fatalf("got %d %s", res.StatusCode, body)
	}
	if strings.Contains(string(body), "secret") {
		t.Fatal("panic text leaked to the client")
	}
	if !strings.Contains(logs.String(), "secret internal detail") || !strings.Contains(logs.String(), p.Instance) {
		t.Fatal("panic not logged with the request id")
	}
}
