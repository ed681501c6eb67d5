package replicas

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	stdsync "sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/tindal/tindal/storage"
)

// The package's one set of replicas, started once in TestMain and shared
// by every test (the package's wall time is the point: CI runs it beside
// everything else).
var set *cluster

func TestMain(m *testing.M) {
	code, err := runMain(m)
	if err != nil {
		fmt.Fprintln(os.Stderr, "replicas:", err)
		code = 1
	}
	os.Exit(code)
}

func runMain(m *testing.M) (int, error) {
	c, err := newCluster()
	if c != nil {
		defer c.close()
	}
	if err != nil {
		return 1, err
	}
	set = c
	code := m.Run()
	if code != 0 {
		c.dumpLogs()
	}
	return code, nil
}

// cluster is the database, the bucket, the binaries, the replicas and the
// proxy in front of them.
type cluster struct {
	dir      string
	adminURL string // the server's postgres database, to create and drop ours
	dbName   string
	dbURL    string
	db       *storage.DB // the tests' own pool, for checks underneath
	bucket   string
	old      string // the binary built from this tree
	env      map[string]string
	replicas []*replica
	proxy    *haproxy
	client   *http.Client
	ids      map[string]string
}

// replica is one `tindal serve` process.
type replica struct {
	name, bin     string
	addr, metrics string // host:port of the API and of /metrics
	args          []string
	extraEnv      map[string]string
	mu            stdsync.Mutex
	cmd           *exec.Cmd
	exited        chan struct{}
	log           *bytes.Buffer
	logs          []string // logs of earlier lives
}

func (c *cluster) close() {
	for _, r := range c.replicas {
		r.stop(syscall.SIGTERM)
	}
	if c.proxy != nil {
		c.proxy.stop()
	}
	if c.db != nil {
		c.db.Close()
	}
	if c.dbName != "" {
		if conn, err := pgx.Connect(context.Background(), c.adminURL); err == nil {
			_, _ = conn.Exec(context.Background(), "DROP DATABASE IF EXISTS "+c.dbName+" WITH (FORCE)")
			_ = conn.Close(context.Background())
		}
	}
	if c.bucket != "" {
		removeBucket(c.bucket)
	}
	_ = os.RemoveAll(c.dir)
}

func (c *cluster) dumpLogs() {
	for _, r := range c.replicas {
		r.mu.Lock()
		lines := strings.Split(strings.Join(append(r.logs, r.log.String()), ""), "\n")
		r.mu.Unlock()
		if len(lines) > 40 {
			lines = lines[len(lines)-40:]
		}
		fmt.Fprintf(os.Stderr, "--- replica %s, last lines of its log:\n%s\n", r.name, strings.Join(lines, "\n"))
	}
}

func newCluster() (*cluster, error) {
	base := os.Getenv("TINDAL_DATABASE_URL")
	if base == "" || os.Getenv("TINDAL_S3_ENDPOINT") == "" {
		return nil, fmt.Errorf("TINDAL_DATABASE_URL and TINDAL_S3_ENDPOINT are not set: run scripts/services.sh and source .services.env (make test does both)")
	}
	dir, err := os.MkdirTemp("", "tindal-replicas-")
	if err != nil {
		return nil, err
	}
	c := &cluster{dir: dir, ids: map[string]string{},
		client: &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	if c.old, err = build(dir, "tindal"); err != nil {
		return c, err
	}
	c.dbName = "t_rep_" + randomHex(6)
	u, _ := url.Parse(base)
	u.Path = "/postgres"
	c.adminURL = u.String()
	u.Path = "/" + c.dbName
	c.dbURL = u.String()
	conn, err := pgx.Connect(context.Background(), c.adminURL)
	if err != nil {
		return c, err
	}
	_, err = conn.Exec(context.Background(), "CREATE DATABASE "+c.dbName)
	_ = conn.Close(context.Background())
	if err != nil {
		return c, err
	}
	c.bucket = "t-rep-" + randomHex(6)
	keys := filepath.Join(dir, "jwt")
	cmd := exec.Command(c.old, "keys", "ensure") //nolint:gosec // the binary we built
	cmd.Env = append(os.Environ(), "TINDAL_JWT_KEYS_DIR="+keys)
	if out, err := cmd.CombinedOutput(); err != nil {
		return c, fmt.Errorf("tindal keys ensure: %v: %s", err, out)
	}
	proxyPort := freePort()
	c.env = map[string]string{
		"TINDAL_DATABASE_URL":    c.dbURL,
		"TINDAL_DB_MAX_CONNS":    "10",
		"TINDAL_S3_ENDPOINT":     os.Getenv("TINDAL_S3_ENDPOINT"),
		"TINDAL_S3_ACCESS_KEY":   os.Getenv("TINDAL_S3_ACCESS_KEY"),
		"TINDAL_S3_SECRET_KEY":   os.Getenv("TINDAL_S3_SECRET_KEY"),
		"TINDAL_S3_REGION":       os.Getenv("TINDAL_S3_REGION"),
		"TINDAL_S3_BUCKET":       c.bucket,
		"TINDAL_JWT_KEYS_DIR":    keys,
		"TINDAL_DEV_KEYS_DIR":    filepath.Join(dir, "dev"),
		"TINDAL_SYNC_CURSOR_KEY": "replica test cursor key, the same on every replica",
		"TINDAL_PUBLIC_BASE_URL": fmt.Sprintf("http://127.0.0.1:%d", proxyPort),
		"TINDAL_TRUSTED_PROXIES": "127.0.0.1/32",
		"TINDAL_SMTP_URL":        os.Getenv("TINDAL_SMTP_URL"),
		"TINDAL_MAIL_FROM":       "Tindal replicas <replicas@tindal.test>",
		"TINDAL_LOG_LEVEL":       "info",
		// Every replica runs the scheduler; two jobs tick every few
		// seconds so that TestSchedulerRunsEachTickOnce sees several
		// ticks (the defaults are daily).
		"TINDAL_JOB_SCHEDULES": "certificate-expiry=*/3 * * * * *; notify-dispatch=*/2 * * * * *",
		"GOMEMLIMIT":           "256MiB",
	}
	for i := range 3 {
		c.replicas = append(c.replicas, c.newReplica(string(rune('A'+i)), c.old))
	}
	// All three start at once on the empty database: goose's lock makes
	// one of them migrate, the others wait for it.
	errs := make(chan error, 3)
	for _, r := range c.replicas {
		go func() { errs <- r.start(c.env) }()
	}
	for range c.replicas {
		if e := <-errs; e != nil && err == nil {
			err = e
		}
	}
	if err != nil {
		return c, err
	}
	if c.db, err = storage.Open(context.Background(), c.dbURL, storage.Options{MaxConns: 6}); err != nil {
		return c, err
	}
	if err := c.seed(); err != nil {
		return c, fmt.Errorf("seed: %w", err)
	}
	c.proxy = &haproxy{dir: dir, port: proxyPort, stats: freePort()}
	if err := c.proxy.start(c.replicas); err != nil {
		return c, err
	}
	return c, c.proxy.awaitUp(len(c.replicas), 30*time.Second)
}

// build compiles cmd/tindal into dir once (with tags, when given).
func build(dir, name string, tags ...string) (string, error) {
	out := filepath.Join(dir, name)
	args := []string{"build", "-o", out}
	if len(tags) > 0 {
		args = append(args, "-tags", strings.Join(tags, ","))
	}
	cmd := exec.Command("go", append(args, "./cmd/tindal")...) //nolint:gosec // fixed arguments
	cmd.Dir = ".."
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %v: %v: %s", tags, err, b)
	}
	return out, nil
}

func (c *cluster) newReplica(name, bin string) *replica {
	return &replica{name: name, bin: bin, addr: fmt.Sprintf("127.0.0.1:%d", freePort()),
		metrics: fmt.Sprintf("127.0.0.1:%d", freePort()), args: []string{"serve"}, log: &bytes.Buffer{}}
}

// lockedWriter is a log the process writes while the test reads it.
type lockedWriter struct {
	mu *stdsync.Mutex
	b  *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// start runs the replica and waits until /readyz answers 200 (or the
// process ends).
func (r *replica) start(env map[string]string) error {
	cmd := exec.Command(r.bin, r.args...) //nolint:gosec // the binary we built
	cmd.Env = append(os.Environ(), "TINDAL_HTTP_ADDR="+r.addr, "TINDAL_METRICS_ADDR="+r.metrics)
	for k, v := range env {
		if k == "TINDAL_DATABASE_URL" { // its sessions name it (pg_stat_activity), for the fault tests
			v += "&application_name=tindal-" + r.name
			if !strings.Contains(v, "?") {
				v = strings.Replace(v, "&", "?", 1)
			}
		}
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	for k, v := range r.extraEnv {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	r.mu.Lock()
	if r.log.Len() > 0 {
		r.logs = append(r.logs, r.log.String())
		r.log.Reset()
	}
	r.mu.Unlock()
	w := lockedWriter{&r.mu, r.log}
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	r.mu.Lock()
	r.cmd, r.exited = cmd, exited
	r.mu.Unlock()
	client := &http.Client{Timeout: 2 * time.Second}
	for deadline := time.Now().Add(90 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case <-exited:
			return fmt.Errorf("replica %s ended at start: %s", r.name, r.tail())
		default:
		}
		res, err := client.Get("http://" + r.addr + "/readyz")
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == 200 {
				return nil
			}
		}
	}
	return fmt.Errorf("replica %s not ready after 90 s: %s", r.name, r.tail())
}

func (r *replica) tail() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.log.String()
	if len(s) > 3000 {
		s = s[len(s)-3000:]
	}
	return s
}

// stop sends sig and waits for the process to end (SIGTERM: its graceful
// shutdown; SIGKILL: at once).
func (r *replica) stop(sig syscall.Signal) {
	r.mu.Lock()
	cmd, exited := r.cmd, r.exited
	r.mu.Unlock()
	if cmd == nil {
		return
	}
	_ = cmd.Process.Signal(sig)
	<-exited
}

// running says whether the process is alive.
func (r *replica) running() bool {
	r.mu.Lock()
	exited := r.exited
	r.mu.Unlock()
	if exited == nil {
		return false
	}
	select {
	case <-exited:
		return false
	default:
		return true
	}
}

// signal sends sig without waiting.
func (r *replica) signal(sig syscall.Signal) <-chan struct{} {
	r.mu.Lock()
	cmd, exited := r.cmd, r.exited
	r.mu.Unlock()
	_ = cmd.Process.Signal(sig)
	return exited
}

// haproxy is the load balancer: one process, its configuration written
// from the replicas' addresses.
type haproxy struct {
	dir         string
	port, stats int
	cmd         *exec.Cmd
	exited      chan struct{}
	log         bytes.Buffer
}

func (h *haproxy) base() string { return fmt.Sprintf("http://127.0.0.1:%d", h.port) }

// config: round robin over the replicas, each checked on /readyz every
// 200 ms (down after 2 failures, up after 1 success); a request whose
// connection could not be made is retried on another replica (nothing was
// sent, so this is safe for any method); the client's address goes to the
// replica in X-Forwarded-For. Answers name the replica that gave them
// (X-Replica), for the tests to see where requests landed.
func (h *haproxy) config(rs []*replica) string {
	var b strings.Builder
	fmt.Fprintf(&b, `global
  maxconn 1000
defaults
  mode http
  timeout connect 2s
  timeout client 120s
  timeout server 120s
  retries 3
  option redispatch 1
  retry-on conn-failure
frontend api
  bind 127.0.0.1:%d
  option forwardfor
  default_backend replicas
frontend stats
  bind 127.0.0.1:%d
  stats enable
  stats uri /stats
backend replicas
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 200ms fastinter 100ms downinter 200ms fall 2 rise 1
  http-response set-header X-Replica %%[srv_name]
`, h.port, h.stats)
	for _, r := range rs {
		fmt.Fprintf(&b, "  server %s %s check\n", r.name, r.addr)
	}
	return b.String()
}

func (h *haproxy) start(rs []*replica) error {
	cfg := filepath.Join(h.dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(h.config(rs)), 0o600); err != nil {
		return err
	}
	bin := "haproxy"
	if _, err := exec.LookPath(bin); err != nil {
		bin = "/usr/sbin/haproxy"
	}
	h.cmd = exec.Command(bin, "-db", "-f", cfg) //nolint:gosec // fixed arguments
	h.cmd.Stdout, h.cmd.Stderr = &h.log, &h.log
	if err := h.cmd.Start(); err != nil {
		return fmt.Errorf("haproxy (scripts/services.sh installs it): %w", err)
	}
	h.exited = make(chan struct{})
	go func() { _ = h.cmd.Wait(); close(h.exited) }()
	return nil
}

func (h *haproxy) stop() {
	if h.cmd != nil && h.cmd.Process != nil {
		_ = h.cmd.Process.Signal(syscall.SIGTERM)
		<-h.exited
	}
}

// status reads each server's state (UP, DOWN, …) from the stats page.
func (h *haproxy) status() (map[string]string, error) {
	res, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/stats;csv", h.stats))
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		f := strings.Split(sc.Text(), ",")
		if len(f) > 17 && f[0] == "replicas" && f[1] != "BACKEND" {
			out[f[1]] = f[17]
		}
	}
	return out, sc.Err()
}

// awaitUp waits until n servers are UP.
func (h *haproxy) awaitUp(n int, within time.Duration) error {
	return h.awaitState(within, func(st map[string]string) bool {
		up := 0
		for _, s := range st {
			if strings.HasPrefix(s, "UP") && s != "UP 1/2" {
				up++
			}
		}
		return up >= n
	})
}

func (h *haproxy) awaitState(within time.Duration, ok func(map[string]string) bool) error {
	var st map[string]string
	var err error
	for deadline := time.Now().Add(within); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case <-h.exited:
			return fmt.Errorf("haproxy ended: %s", h.log.String())
		default:
		}
		if st, err = h.status(); err == nil && ok(st) {
			return nil
		}
	}
	return fmt.Errorf("haproxy: servers %v (%v) after %s", st, err, within)
}

func freePort() int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func removeBucket(bucket string) {
	ep := os.Getenv("TINDAL_S3_ENDPOINT")
	c, err := minio.New(ep[strings.Index(ep, "://")+3:], &minio.Options{
		Creds:  credentials.NewStaticV4(os.Getenv("TINDAL_S3_ACCESS_KEY"), os.Getenv("TINDAL_S3_SECRET_KEY"), ""),
		Region: os.Getenv("TINDAL_S3_REGION")})
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for up := range c.ListIncompleteUploads(ctx, bucket, "", true) {
		if up.Err == nil {
			_ = c.RemoveIncompleteUpload(ctx, bucket, up.Key)
		}
	}
	for range c.RemoveObjects(ctx, bucket, c.ListObjects(ctx, bucket, minio.ListObjectsOptions{Recursive: true}), minio.RemoveObjectsOptions{}) {
	}
	_ = c.RemoveBucket(ctx, bucket)
}

// metric reads the sum of a metric's samples from a replica's /metrics
// whose labels contain every given label="value".
func (r *replica) metric(name string, labels ...string) (float64, error) {
	res, err := http.Get("http://" + r.metrics + "/metrics")
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var sum float64
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, name+"{") && !strings.HasPrefix(line, name+" ") {
			continue
		}
		match := true
		for _, l := range labels {
			if !strings.Contains(line, l) {
				match = false
			}
		}
		if !match {
			continue
		}
		v, err := strconv.ParseFloat(line[strings.LastIndex(line, " ")+1:], 64)
		if err == nil {
			sum += v
		}
	}
	return sum, sc.Err()
}

// answer is one HTTP answer, read whole.
type answer struct {
	status int
	header http.Header
	body   []byte
	err    error
}

func (a answer) json() map[string]any {
	var m map[string]any
	_ = json.Unmarshal(a.body, &m)
	return m
}

// do sends one request to base (a replica's or the proxy's address).
func (c *cluster) do(base, method, path, token string, body any, headers ...string) answer {
	var raw io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case []byte:
		raw, ct = bytes.NewReader(b), "application/octet-stream"
	case url.Values:
		raw, ct = strings.NewReader(b.Encode()), "application/x-www-form-urlencoded"
	default:
		j, _ := json.Marshal(b)
		raw, ct = bytes.NewReader(j), "application/json"
	}
	req, err := http.NewRequest(method, base+path, raw)
	if err != nil {
		return answer{err: err}
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	res, err := c.client.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, header: res.Header, body: b, err: err}
}
