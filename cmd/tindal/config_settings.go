package main

// This file is the table of settings, one row a line (excluded from
// golines and lll in .golangci.yml).

// settings are every TINDAL_ setting: its name, default, help and where
// loadConfig puts it.
func (c *config) settings() []setting {
	return []setting{
		{name: "TINDAL_HTTP_ADDR", def: ":8080", help: "listen address", dst: &c.HTTPAddr},
		{name: "TINDAL_METRICS_ADDR", def: "127.0.0.1:9464", help: "listen address of /metrics (Prometheus), apart from the API; off = none", dst: &c.MetricsAddr},
		{name: "TINDAL_LOGIN_ACCOUNT_LIMIT", def: "10/15m", help: "failed logins allowed per account per window (N/duration)", dst: &c.AccountLimitS},
		{name: "TINDAL_LOGIN_ADDRESS_LIMIT", def: "30/15m", help: "failed logins allowed per client address per window (N/duration); successes never count", dst: &c.AddressLimitS},
		{name: "TINDAL_LOGIN_HASH_MEMORY_MIB", def: "64", help: "MiB password hashes may hold at once (argon2id, 32 MiB each: 64 = 2 logins hashing at once; others wait up to 2 s, then get 503 with Retry-After); unless GOMEMLIMIT is set, Go's soft memory limit is 192 MiB + twice this (32-4096)", dst: &c.HashMemoryS},
		{name: "TINDAL_TRUSTED_PROXIES", help: "comma-separated CIDRs of reverse proxies whose X-Forwarded-For names the client; unset = the socket address", dst: &c.TrustedProxyS},
		{name: "TINDAL_PPROF_ADDR", help: "loopback address for Go's /debug/pprof profiles (e.g. 127.0.0.1:6060); unset = off", dst: &c.PprofAddr},
		{name: "TINDAL_DATABASE_URL", def: "postgres://postgres@127.0.0.1:5432/tindal?sslmode=disable", help: "PostgreSQL URL (direct or session pooling, never transaction pooling)", dst: &c.DatabaseURL},
		{name: "TINDAL_S3_ENDPOINT", help: "MinIO/S3 endpoint, e.g. http://127.0.0.1:9000; unset = local-disk blob store", dst: &c.S3Endpoint},
		{name: "TINDAL_S3_PUBLIC_ENDPOINT", help: "endpoint phones reach for presigned URLs; default TINDAL_S3_ENDPOINT", dst: &c.S3PublicURL},
		{name: "TINDAL_S3_ACCESS_KEY", help: "S3 access key (required with TINDAL_S3_ENDPOINT)", dst: &c.S3AccessKey},
		{name: "TINDAL_S3_SECRET_KEY", help: "S3 secret key (required with TINDAL_S3_ENDPOINT)", dst: &c.S3SecretKey},
		{name: "TINDAL_S3_BUCKET", def: "tindal", help: "bucket for photos (private; created at start)", dst: &c.S3Bucket},
		{name: "TINDAL_S3_REGION", def: "us-east-1", help: "region used for signing", dst: &c.S3Region},
		{name: "TINDAL_BLOB_DIR", def: "./data/blobs", help: "local-disk blob store directory (when no S3 endpoint)", dst: &c.BlobDir},
		{name: "TINDAL_BLOB_SIGNING_KEY", help: "secret (>= 32 chars) signing local-disk upload/download URLs; unset = random dev key kept in TINDAL_DEV_KEYS_DIR", dst: &c.BlobSigningKey},
		{name: "TINDAL_PUBLIC_BASE_URL", help: "URL phones and calendar apps use to reach this server; unset = derived from the listen address, with a warning", dst: &c.PublicBaseURL},
		{name: "TINDAL_JWT_KEYS_DIR", help: "directory of Ed25519 PEM keys (newest signs, all verify); unset = dev key with a warning", dst: &c.JWTKeysDir},
		{name: "TINDAL_DEV_KEYS_DIR", def: "./data/dev-jwt", help: "where the random dev keys are kept (0600) for the key settings left unset", dst: &c.DevKeysDir},
		//nolint:gosec // G101: the help text shows the URL's shape, user:pass included; it holds no credential
		{name: "TINDAL_SMTP_URL", help: "SMTP server: smtp://host:25, smtp://user:pass@host:587 (STARTTLS required), smtps://user:pass@host:465; options ?starttls=required|opportunistic|none&auth=plain|login&helo=NAME&ca=FILE; unset = in-app only", dst: &c.SMTPURL},
		{name: "TINDAL_SMS_URL", help: "SMS gateway: the aggregator's HTTP API URL, or local (keep SMS in the outbox, shown in the console; for make run); unset = no SMS", dst: &c.SMSURL},
		{name: "TINDAL_SMS_PROFILE", def: "json", help: "the gateway's request shape: json, form, get, or a JSON profile (docs/OPERATIONS.md)", dst: &c.SMSProfile},
		{name: "TINDAL_SMS_API_KEY", help: "the gateway's API key, sent as the profile says", dst: &c.SMSAPIKey},
		{name: "TINDAL_SMS_SENDER", help: "the DLT sender header (6 characters, e.g. TNDLKA)", dst: &c.SMSSender},
		{name: "TINDAL_SMS_ENTITY_ID", help: "the DLT principal entity id", dst: &c.SMSEntityID},
		{name: "TINDAL_SMS_DLT_TEMPLATES", help: "file of DLT content template ids, one <template>.<lang>=<id> a line (tindal sms templates prints the texts to register)", dst: &c.SMSTemplates},
		{name: "TINDAL_SMS_REMINDERS_PER_DAY", def: "3", help: "reminder SMS an owner gets in a day (India's calendar day); beyond it one digest SMS. 0 = no cap. Sign-in codes and legal notices are never capped", dst: &c.SMSRemindersPerDayS},
		{name: "TINDAL_SMS_RECEIPT_SECRET", help: "secret (>= 32 chars) the gateway signs delivery receipts with (HMAC-SHA256, POST /hooks/sms/receipts); unset = receipts refused", dst: &c.SMSReceiptSecret},
		{name: "TINDAL_DEMO_PASSWORD", help: "password `tindal seed demo` gives every demo user (required by seed demo)", dst: &c.DemoPassword},
		{name: "TINDAL_LOG_LEVEL", def: "info", help: "debug, info, warn or error", dst: &c.LogLevel},
		{name: "TINDAL_SYNC_CURSOR_KEY", help: "secret (>= 32 chars, the same on every replica) signing pull cursors; unset = random dev key kept in TINDAL_DEV_KEYS_DIR", dst: &c.SyncCursorKey},
		{name: "TINDAL_MIN_APP_VERSION", help: "apps below this version (semver) get 426 on pull; pushes are always accepted", dst: &c.MinAppVersion},
		{name: "TINDAL_LATEST_APP_VERSION", help: "the newest app version, named in 426 answers", dst: &c.LatestApp},
		{name: "TINDAL_AUTHORITY", def: "Karnataka Maritime Board", help: "the authority named on the documents' letterhead", dst: &c.Authority},
		{name: "TINDAL_AUTHORITY_KN", def: "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ", help: "the authority's name in Kannada", dst: &c.AuthorityKn},
		{name: "TINDAL_AUTHORITY_HI", def: "कर्नाटक समुद्री बोर्ड", help: "the authority's name in Hindi", dst: &c.AuthorityHi},
		{name: "TINDAL_AUTHORITY_ADDRESS", def: "Inland Water Transport, Karwar, Karnataka, India", help: "the address under the letterhead", dst: &c.Address},
		{name: "TINDAL_AUTHORITY_ADDRESS_KN", def: "ಒಳನಾಡು ಜಲಸಾರಿಗೆ, ಕಾರವಾರ, ಕರ್ನಾಟಕ, ಭಾರತ", help: "the address in Kannada", dst: &c.AddressKn},
		{name: "TINDAL_AUTHORITY_ADDRESS_HI", def: "अंतर्देशीय जल परिवहन, कारवार, कर्नाटक, भारत", help: "the address in Hindi", dst: &c.AddressHi},
		{name: "TINDAL_CHROMIUM", help: "the Chromium that prints documents to PDF; unset = chromium on PATH (Debian's package)", dst: &c.Chromium},
		{name: "TINDAL_MAIL_FROM", def: "Tindal <reminders@tindal.local>", help: "From address of reminder emails (a domain your provider lets you send from, with SPF/DKIM)", dst: &c.MailFrom},
		{name: "TINDAL_MAIL_UNSUBSCRIBE", help: "mailto: or https: URI for the List-Unsubscribe header of reminders (never of legal notices); unset = none", dst: &c.MailUnsubscribe},
		{name: "TINDAL_JOBS", def: "on", help: "on = run the scheduler inside serve; off = run it elsewhere (tindal jobs)", dst: &c.Jobs},
		{name: "TINDAL_JOB_SCHEDULES", help: "schedules replacing the jobs' defaults: name=cron spec pairs separated by ; (5 fields, or 6 with seconds first; Asia/Kolkata), the same on every replica; unset = the defaults (tindal jobs list)", dst: &c.JobSchedulesS},
		{name: "TINDAL_THUMBNAILS", def: "on", help: "on = this serve runs the photo worker (thumbnails, EXIF, re-hash, ending discarded uploads); off = another replica does (at least one must)", dst: &c.Thumbnails},
		{name: "TINDAL_THUMB_WORKERS", def: "1", help: "photos the photo worker processes at once, each on at most one core (1-16)", dst: &c.ThumbWorkersS},
		{name: "TINDAL_TEMPLATE_GRACE_DAYS", def: "30", help: "days after its retirement a checklist template version is still accepted for inspections started with it (0-3650; docs/SYNC.md §11)", dst: &c.TemplateGraceS},
		{name: "TINDAL_PHOTO_ORPHAN_GRACE_DAYS", def: "7", help: "days a photo object no row references is kept before the photo-orphans job deletes it, and after a restore before it deletes any (1-3650; docs/PHOTOS.md)", dst: &c.OrphanGraceS},
		{name: "TINDAL_KA_RULES_COMMENCEMENT", def: "2025-12-11", help: "date the Karnataka 2025 rules came into force (a draft until notified; docs/LAW.md §0)", dst: &c.KACommencement},
		{name: "TINDAL_COC_DEADLINE", def: "2027-06-06", help: "deadline for revalidating legacy Certificates of Competency (Karnataka 2025 r.32(2); the Centre may move it)", dst: &c.CoCDeadline},
	}
}
