package blob

import (
	"fmt"
	"net/url"
	"strings"
)

// Config selects and configures a Store. With Endpoint set it is MinIO (or
// any S3); without, it is Local under Dir.
type Config struct {
	// Endpoint is the store as this server reaches it: "http://minio:9000",
	// or "host:port" with UseSSL deciding the scheme.
	Endpoint string
	// PublicEndpoint is the store as phones and browsers reach it; presigned
	// URLs are signed for this host. Empty: Endpoint.
	PublicEndpoint string
	AccessKey      string
	SecretKey      string
	Bucket         string
	// Region is used for signing; set, so presigning never asks the store
	// for its bucket location. Empty: us-east-1.
	Region string
	// UseSSL selects https for endpoints given without a scheme.
	UseSSL bool

	// Dir is the root directory of the Local store.
	Dir string
	// SigningKey signs Local's upload and download URLs (at least 32 bytes;
	// every replica serving the URLs needs the same key).
	SigningKey []byte
	// PublicBaseURL is where the API serves Local's handlers, e.g.
	// "https://tindal.example/v1/blobs"; object keys are appended to it.
	PublicBaseURL string
}

// New builds the Store cfg describes: MinIO when Endpoint is set, Local
// otherwise. It makes no network call; call EnsureBucket at start.
func New(cfg Config) (Store, error) {
	if cfg.Endpoint != "" {
		return NewMinIO(cfg)
	}
	return NewLocal(cfg)
}

// endpoint splits "http://host:port" or "host:port" into host and TLS use.
func endpoint(raw string, useSSL bool) (host string, secure bool, err error) {
	if !strings.Contains(raw, "://") {
		return raw, useSSL, nil
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", false, fmt.Errorf("blob: endpoint %q: %w", raw, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || strings.Trim(u.Path, "/") != "" {
		return "", false, fmt.Errorf("blob: endpoint %q: want http(s)://host[:port]", raw)
	}
	return u.Host, u.Scheme == "https", nil
}
