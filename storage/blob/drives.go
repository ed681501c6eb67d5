package blob

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// ErrDegraded is what Health wraps when the store serves (the bucket
// answers, reads and writes have their quorum) but has lost drives: an
// erasure-coded MinIO with a drive gone. /readyz then says "degraded" and
// stays ready; the operator replaces the drive (docs/OPERATIONS.md).
var ErrDegraded = errors.New("object store degraded")

// driveCheck reads how many of MinIO's drives are offline from its
// cluster metrics (/minio/v2/metrics/cluster: the drives offline, and the
// drives its erasure sets can use against all of them), with a bearer token the
// server's own credentials sign as `mc admin prometheus generate` does: no
// admin API, no public metrics. A store that is not MinIO, or does not
// answer it, is taken as whole. The answer is kept 5 seconds: /readyz is
// polled by every load balancer.
type driveCheck struct {
	url, access, secret string
	client              *http.Client

	mu           sync.Mutex
	at           time.Time
	offline, all int
}

const driveCheckTTL = 5 * time.Second

func newDriveCheck(raw string, cfg Config) *driveCheck {
	host, secure, err := endpoint(raw, cfg.UseSSL)
	if err != nil {
		return nil
	}
	scheme := "http"
	if secure {
		scheme = "https"
	}
	return &driveCheck{
		url:    scheme + "://" + host + "/minio/v2/metrics/cluster",
		access: cfg.AccessKey,
		secret: cfg.SecretKey,
		client: &http.Client{Timeout: 2 * time.Second},
	}
}

// degraded returns an ErrDegraded error when drives are offline.
func (d *driveCheck) degraded(ctx context.Context) error {
	if d == nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if time.Since(d.at) > driveCheckTTL {
		d.offline, d.all = d.read(ctx)
		d.at = time.Now()
	}
	if d.offline > 0 {
		return fmt.Errorf("%w: %d of %d drives offline", ErrDegraded, d.offline, d.all)
	}
	return nil
}

// read fetches the cluster metrics; zeros when they cannot be read.
func (d *driveCheck) read(ctx context.Context) (offline, all int) {
	tok, err := jwt.NewWithClaims(jwt.SigningMethodHS512, jwt.RegisteredClaims{Subject: d.access, Issuer: "prometheus",
		ExpiresAt: jwt.NewNumericDate(time.Now().Add(time.Minute))}).SignedString([]byte(d.secret))
	if err != nil {
		return 0, 0
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.url, nil)
	if err != nil {
		return 0, 0
	}
	req.Header.Set("Authorization", "Bearer "+tok)
	res, err := d.client.Do(req)
	if err != nil {
		return 0, 0
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return 0, 0
	}
	return countDrives(res.Body)
}

// countDrives reads the drives offline and in all from the metrics text.
// A drive MinIO still lists but cannot use (a directory gone bad) counts
// as online in the drive totals and is missing from its erasure set's
// online drives: the sets tell.
func countDrives(r io.Reader) (offline, total int) {
	var online, inSets int
	sets := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		name, n, ok := sample(sc.Text())
		if !ok {
			continue
		}
		switch name {
		case "minio_cluster_drive_offline_total", "minio_cluster_disk_offline_total":
			offline = n
		case "minio_cluster_drive_online_total", "minio_cluster_disk_online_total":
			online = n
		case "minio_cluster_drive_total", "minio_cluster_disk_total":
			total = n
		case "minio_cluster_health_erasure_set_online_drives":
			inSets += n
			sets = true
		}
	}
	if total == 0 {
		total = offline + online
	}
	if sets && total-inSets > offline {
		offline = total - inSets
	}
	return offline, total
}

// sample splits a metrics line into its name (labels dropped) and value.
func sample(line string) (string, int, bool) {
	if line == "" || strings.HasPrefix(line, "#") {
		return "", 0, false
	}
	name := line[:strings.IndexAny(line+" ", "{ ")]
	n, err := strconv.ParseFloat(line[strings.LastIndexByte(line, ' ')+1:], 64)
	return name, int(n), err == nil
}
