package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/rules"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestConfigDefaults(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.HTTPAddr != ":8080" || !strings.Contains(c.DatabaseURL, "/tindal") || c.S3Bucket != "tindal" ||
		c.Thumbnails != "on" || c.ThumbWorkers != 1 || c.TemplateGrace != 30*24*time.Hour || c.OrphanGrace != 7*24*time.Hour ||
		c.outbox().RemindersPerDay != 3 {
		t.Fatalf("defaults: %+v", c)
	}
	// Karnataka 2025 r.32(2): legacy CoCs are valid until 6 June 2027 unless the Centre moves it.
	if c.Rules.LegacyCoCDeadline != rules.D(2027, 6, 6) {
		t.Fatalf("legacy CoC deadline %v", c.Rules.LegacyCoCDeadline)
	}
}

func TestConfigErrorsNameTheVariable(t *testing.T) {
	_, err := loadConfig(env(map[string]string{
		"TINDAL_DATABASE_URL":            "mysql://x",
		"TINDAL_S3_ENDPOINT":             "http://127.0.0.1:9000",
		"TINDAL_SYNC_CURSOR_KEY":         "short",
		"TINDAL_COC_DEADLINE":            "6 June 2027",
		"TINDAL_LOG_LEVEL":               "loud",
		"TINDAL_JOBS":                    "maybe",
		"TINDAL_DB_MAX_CONNS":            "1",
		"TINDAL_THUMBNAILS":              "maybe",
		"TINDAL_THUMB_WORKERS":           "0",
		"TINDAL_TEMPLATE_GRACE_DAYS":     "30d",
		"TINDAL_PHOTO_ORPHAN_GRACE_DAYS": "0",
		"TINDAL_SMS_REMINDERS_PER_DAY":   "-1",
	}))
	if err == nil {
		t.Fatal("want errors")
	}
	for _, name := range []string{"TINDAL_DATABASE_URL", "TINDAL_S3_ACCESS_KEY", "TINDAL_SYNC_CURSOR_KEY", "TINDAL_COC_DEADLINE",
		"TINDAL_LOG_LEVEL", "TINDAL_JOBS", "TINDAL_DB_MAX_CONNS", "TINDAL_THUMBNAILS", "TINDAL_THUMB_WORKERS",
		"TINDAL_TEMPLATE_GRACE_DAYS", "TINDAL_PHOTO_ORPHAN_GRACE_DAYS", "TINDAL_SMS_REMINDERS_PER_DAY"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s: %v", name, err)
		}
	}
}

// TestRetiredUPIPayeeSettingsAreRefused: the deployment-wide UPI payee
// is gone (each jurisdiction has its own); a deployment that still sets it
// is told so at start instead of losing the account silently.
func TestRetiredUPIPayeeSettingsAreRefused(t *testing.T) {
	if _, err := loadConfig(env(nil)); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	for _, name := range []string{"TINDAL_UPI_PAYEE", "TINDAL_UPI_PAYEE_NAME"} {
		_, err := loadConfig(env(map[string]string{name: "registrar.karwar@sbi"}))
		if err == nil || !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), "upi_payee") {
			t.Errorf("%s set: %v, want a refusal naming it and where the payee is set now", name, err)
		}
	}
}

func TestServeHelpListsTheVariables(t *testing.T) {
	var out bytes.Buffer
	if err := run(context.Background(), []string{"tindal", "serve", "--help"}, env(nil), &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"TINDAL_HTTP_ADDR", "TINDAL_DATABASE_URL", "TINDAL_S3_ENDPOINT", "TINDAL_JWT_KEYS_DIR", "TINDAL_COC_DEADLINE"} {
		if !strings.Contains(out.String(), name) {
			t.Errorf("serve --help does not list %s", name)
		}
	}
}
