package main

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
)

// config is every setting, read once from TINDAL_* variables.
type config struct {
	HTTPAddr       string
	PprofAddr      string
	DatabaseURL    string
	DBMaxConns     int
	S3Endpoint     string
	S3PublicURL    string
	S3AccessKey    string
	S3SecretKey    string
	S3Bucket       string
	S3Region       string
	BlobDir        string
	BlobSigningKey string
	PublicBaseURL  string
	JWTKeysDir     string
	DevKeysDir     string
	SMTPURL        string
	// SMS (cmd/tindal/sms.go, docs/OPERATIONS.md "SMS"): the gateway, its
	// request profile and key, the DLT registration and the receipt secret.
	SMSURL, SMSProfile, SMSAPIKey, SMSSender, SMSEntityID string
	SMSTemplates, SMSReceiptSecret                        string
	DemoPassword                                          string
	LogLevel                                              string
	SyncCursorKey                                         string
	MinAppVersion                                         string
	LatestApp                                             string

	// SMSRemindersPerDayS is TINDAL_SMS_REMINDERS_PER_DAY, parsed into
	// SMSRemindersPerDay: reminder SMS an owner gets a day, then a digest.
	SMSRemindersPerDayS string
	SMSRemindersPerDay  int

	// The letterhead of the documents (orders, notices) by language, and
	// the browser that prints them.
	Authority, AuthorityKn, AuthorityHi string
	Address, AddressKn, AddressHi       string
	Chromium                            string
	MailFrom                            string
	// MailUnsubscribe is the List-Unsubscribe URI of reminders.
	MailUnsubscribe string
	Jobs            string
	// JobSchedulesS is TINDAL_JOB_SCHEDULES as set; JobSchedules is it
	// parsed: schedules replacing the jobs' defaults, by job name.
	JobSchedulesS string
	JobSchedules  map[string]string
	Thumbnails    string
	ThumbWorkersS string
	// ThumbWorkers is TINDAL_THUMB_WORKERS parsed: photos worked on at once.
	ThumbWorkers   int
	KACommencement string
	CoCDeadline    string
	MetricsAddr    string
	AccountLimitS  string
	AddressLimitS  string
	TrustedProxyS  string
	HashMemoryS    string
	// HashMemory is TINDAL_LOGIN_HASH_MEMORY_MIB in bytes: the memory
	// password hashes may hold at once (32 MiB each).
	HashMemory int64
	// AccountLimit and AddressLimit bound failed logins (TINDAL_LOGIN_*_LIMIT).
	AccountLimit, AddressLimit auth.RateLimit
	// TrustedProxies are parsed from TINDAL_TRUSTED_PROXIES.
	TrustedProxies []netip.Prefix
	// TemplateGraceS is TINDAL_TEMPLATE_GRACE_DAYS as set; TemplateGrace is
	// it parsed: how long a retired checklist template version is still
	// accepted for inspections started with it.
	TemplateGraceS string
	TemplateGrace  time.Duration
	// OrphanGraceS is TINDAL_PHOTO_ORPHAN_GRACE_DAYS as set; OrphanGrace is
	// it parsed: how old a photo object no row references must be before
	// the photo-orphans job deletes it.
	OrphanGraceS string
	OrphanGrace  time.Duration
	// Rules are the rule-set settings parsed from KACommencement and
	// CoCDeadline (docs/LAW.md §0 and Q4: both are set by government notice).
	Rules rules.RegistrySettings
}

// setting documents one variable for `tindal serve --help`.
type setting struct {
	name, def, help string
	dst             *string
}

// loadConfig reads and validates the environment; every problem names its variable.
func loadConfig(getenv func(string) string) (config, error) {
	var c config
	for _, s := range c.settings() {
		*s.dst = strings.TrimSpace(getenv(s.name))
		if *s.dst == "" {
			*s.dst = s.def
		}
	}
	var errs []error
	for _, ch := range c.checks(getenv) {
		if err := ch.check(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", ch.name, err))
		}
	}
	return c, errors.Join(errs...)
}

// check validates one setting and stores its parsed form in the config; its
// error is reported after the name of the variable(s) it is about.
type check struct {
	name  string
	check func() error
}

// checks are the validations of loadConfig, in the order their errors are
// reported.
func (c *config) checks(getenv func(string) string) []check {
	return slices.Concat(c.connectionChecks(), c.workChecks(), c.serverChecks(getenv), c.smsChecks(),
		retiredChecks(getenv))
}

// retiredChecks refuse the settings that no longer do anything, so an
// upgrade cannot drop one silently: the deployment-wide UPI payee asked
// every office's owners to pay one account, and each jurisdiction now
// has its own (upi_payee, set through the API: docs/OPERATIONS.md).
func retiredChecks(getenv func(string) string) []check {
	var out []check
	for _, name := range []string{"TINDAL_UPI_PAYEE", "TINDAL_UPI_PAYEE_NAME"} {
		out = append(out, check{name, func() error {
			if strings.TrimSpace(getenv(name)) != "" {
				return errors.New("retired: each jurisdiction has its own UPI payee (upi_payee, set on the " +
					"console's office page or by PATCH /v1/jurisdictions/{id}); unset it")
			}
			return nil
		}})
	}
	return out
}

// connectionChecks check the database, the object store and the keys.
func (c *config) connectionChecks() []check {
	return []check{
		{"TINDAL_DATABASE_URL", func() error {
			if u, err := url.Parse(c.DatabaseURL); err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
				return errors.New("want postgres://user@host:port/db")
			}
			return nil
		}},
		{"TINDAL_S3_ENDPOINT", func() error {
			if _, err := url.Parse(c.S3Endpoint); c.S3Endpoint != "" && err != nil {
				return errors.New("not a URL")
			}
			return nil
		}},
		{"TINDAL_S3_ACCESS_KEY and TINDAL_S3_SECRET_KEY", func() error {
			if c.S3Endpoint != "" && (c.S3AccessKey == "" || c.S3SecretKey == "") {
				return errors.New("required with TINDAL_S3_ENDPOINT")
			}
			return nil
		}},
		{"TINDAL_SYNC_CURSOR_KEY", func() error { return secretKey(c.SyncCursorKey) }},
		{"TINDAL_BLOB_SIGNING_KEY", func() error { return secretKey(c.BlobSigningKey) }},
		{"TINDAL_PUBLIC_BASE_URL", func() error {
			if _, err := url.Parse(c.PublicBaseURL); err != nil {
				return errors.New("not a URL")
			}
			return nil
		}},
	}
}

// workChecks check the background work and the law's dates.
func (c *config) workChecks() []check {
	return []check{
		{"TINDAL_JOBS", func() error { return onOff(c.Jobs) }},
		{"TINDAL_JOB_SCHEDULES", func() (err error) {
			c.JobSchedules, err = jobs.ParseSchedules(c.JobSchedulesS)
			return err
		}},
		{"TINDAL_THUMBNAILS", func() error { return onOff(c.Thumbnails) }},
		{"TINDAL_THUMB_WORKERS", func() error {
			n, err := strconv.Atoi(c.ThumbWorkersS)
			if err != nil || n < 1 || n > 16 {
				return errors.New("a whole number from 1 to 16")
			}
			c.ThumbWorkers = n
			return nil
		}},
		{"TINDAL_TEMPLATE_GRACE_DAYS", func() error {
			n, err := strconv.Atoi(c.TemplateGraceS)
			if err != nil || n < 0 || n > 3650 {
				return errors.New("a whole number of days from 0 to 3650")
			}
			c.TemplateGrace = time.Duration(n) * 24 * time.Hour
			return nil
		}},
		{"TINDAL_PHOTO_ORPHAN_GRACE_DAYS", func() error {
			n, err := strconv.Atoi(c.OrphanGraceS)
			if err != nil || n < 1 || n > 3650 {
				return errors.New("a whole number of days from 1 to 3650")
			}
			c.OrphanGrace = time.Duration(n) * 24 * time.Hour
			return nil
		}},
		{"TINDAL_KA_RULES_COMMENCEMENT", func() (err error) {
			c.Rules.KarnatakaCommencement, err = rules.ParseDate(c.KACommencement)
			return err
		}},
		{"TINDAL_COC_DEADLINE", func() (err error) {
			c.Rules.LegacyCoCDeadline, err = rules.ParseDate(c.CoCDeadline)
			return err
		}},
	}
}

// serverChecks check logging, the login limits and the listeners.
func (c *config) serverChecks(getenv func(string) string) []check {
	return []check{
		{"TINDAL_LOG_LEVEL", func() error {
			switch c.LogLevel {
			case "debug", "info", "warn", "error":
				return nil
			}
			return fmt.Errorf("%q is not debug, info, warn or error", c.LogLevel)
		}},
		{"TINDAL_LOGIN_ACCOUNT_LIMIT", func() (err error) {
			c.AccountLimit, err = parseLimit(c.AccountLimitS)
			return err
		}},
		{"TINDAL_LOGIN_ADDRESS_LIMIT", func() (err error) {
			c.AddressLimit, err = parseLimit(c.AddressLimitS)
			return err
		}},
		{"TINDAL_LOGIN_HASH_MEMORY_MIB", func() error {
			n, err := strconv.Atoi(c.HashMemoryS)
			if err != nil || n < 32 || n > 4096 {
				return errors.New("a whole number of MiB from 32 to 4096")
			}
			c.HashMemory = int64(n) << 20
			return nil
		}},
		{"TINDAL_TRUSTED_PROXIES", func() (err error) {
			c.TrustedProxies, err = parsePrefixes(c.TrustedProxyS)
			return err
		}},
		{"TINDAL_METRICS_ADDR", func() error {
			if _, _, err := net.SplitHostPort(c.MetricsAddr); c.MetricsAddr != "off" && err != nil {
				return fmt.Errorf("want host:port or off (got %q)", c.MetricsAddr)
			}
			return nil
		}},
		{"TINDAL_DB_MAX_CONNS", func() error {
			v := getenv("TINDAL_DB_MAX_CONNS")
			if v == "" {
				return nil
			}
			n, err := strconv.Atoi(v)
			c.DBMaxConns = n
			if err != nil || n < 2 || n > 500 {
				return errors.New("a whole number from 2 to 500")
			}
			return nil
		}},
	}
}

// secretKey checks a signing secret: unset (a random dev key is used) or at
// least 32 characters.
func secretKey(v string) error {
	if v != "" && len(v) < 32 {
		return errors.New("at least 32 characters")
	}
	return nil
}

// onOff checks a switch setting.
func onOff(v string) error {
	if v != "on" && v != "off" {
		return fmt.Errorf("%q is not on or off", v)
	}
	return nil
}

// parseLimit reads "N/duration", e.g. 10/15m: N events per window.
func parseLimit(s string) (auth.RateLimit, error) {
	ns, d, ok := strings.Cut(s, "/")
	n, err := strconv.Atoi(strings.TrimSpace(ns))
	if !ok || err != nil || n < 1 || n > 100000 {
		return auth.RateLimit{}, fmt.Errorf("want N/duration with N from 1 to 100000, e.g. 10/15m (got %q)", s)
	}
	w, err := time.ParseDuration(strings.TrimSpace(d))
	if err != nil || w < time.Minute || w > 24*time.Hour {
		return auth.RateLimit{}, fmt.Errorf("want a window from 1m to 24h, e.g. 10/15m (got %q)", s)
	}
	return auth.RateLimit{Max: n, Window: w}, nil
}

// parsePrefixes reads a comma-separated list of CIDRs; a bare address is
// its own /32 or /128.
func parsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil {
				return nil, fmt.Errorf("%q is not a CIDR such as 10.0.0.0/8", f)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// usage lists the variables, for --help.
func (c *config) usage() string {
	var b strings.Builder
	b.WriteString("Configuration (environment variables):\n")
	for _, s := range c.settings() {
		def := s.def
		if def == "" {
			def = "unset"
		}
		fmt.Fprintf(&b, "  %-26s %s (default: %s)\n", s.name, s.help, def)
	}
	fmt.Fprintf(&b, "  %-26s %s (default: %s)\n", "TINDAL_DB_MAX_CONNS", "database pool size", "pgx default")
	return b.String()
}

// issuer is the documents' letterhead from the configuration.
func (c *config) issuer() document.Issuer {
	return document.Issuer{
		Authority: map[string]string{locale.English: c.Authority, locale.Kannada: c.AuthorityKn, locale.Hindi: c.AuthorityHi},
		Address:   map[string]string{locale.English: c.Address, locale.Kannada: c.AddressKn, locale.Hindi: c.AddressHi},
		BaseURL:   c.PublicBaseURL,
	}
}
