package main

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"gopkg.in/yaml.v3"

	"github.com/tindal/tindal/testkit"
)

// composeFile is the part of docker-compose.yml the test reads.
type composeFile struct {
	Services map[string]struct {
		Image       string            `yaml:"image"`
		Build       any               `yaml:"build"`
		Command     []string          `yaml:"command"`
		Environment map[string]string `yaml:"environment"`
		Volumes     []string          `yaml:"volumes"`
		DependsOn   map[string]struct {
			Condition string `yaml:"condition"`
		} `yaml:"depends_on"`
	} `yaml:"services"`
}

var composeVar = regexp.MustCompile(`\$\{([A-Z0-9_]+)(:-([^}]*))?\}`)

// interpolate expands ${VAR:-default} as docker compose does with no .env
// file and none of the variables set.
func interpolate(s string) string {
	return composeVar.ReplaceAllStringFunc(s, func(m string) string { return composeVar.FindStringSubmatch(m)[3] })
}

// TestComposeStartsAWorkingServer is issue 19 item 22 without a Docker
// daemon: it reads docker-compose.yml and runs what it runs, the one-shot
// keys service, then the server, each with exactly the environment the
// file gives it, its volumes as directories and the other services' hosts
// mapped to the loopback ones (PostgreSQL as the file's user, MinIO with
// the file's credentials, mailpit); the server must migrate a new
// database and become ready. Before the fix the server exited (no key in
// its empty key volume) and restarted in a loop. The file must also pin
// every image and set the public base URL.
func TestComposeStartsAWorkingServer(t *testing.T) {
	raw, err := os.ReadFile("../../docker-compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	var cf composeFile
	if err := yaml.Unmarshal(raw, &cf); err != nil {
		t.Fatal(err)
	}
	for name, s := range cf.Services {
		if s.Image != "" && s.Build == nil && (!strings.Contains(s.Image[strings.LastIndex(s.Image, "/")+1:], ":") || strings.HasSuffix(s.Image, ":latest")) {
			t.Errorf("service %s: image %q is not pinned to a version", name, s.Image)
		}
	}
	server := cf.Services["tindal"]
	if server.Environment["TINDAL_PUBLIC_BASE_URL"] == "" {
		t.Error("the server's environment sets no TINDAL_PUBLIC_BASE_URL")
	}
	volumes := t.TempDir()
	hosts := composeHosts(t)
	var inits []string
	for name, dep := range server.DependsOn {
		if dep.Condition == "service_completed_successfully" {
			inits = append(inits, name)
		}
	}
	for _, name := range inits { // one-shot services, to completion
		s := cf.Services[name]
		var out bytes.Buffer
		if err := run(context.Background(), append([]string{"tindal"}, s.Command...), composeEnv(s.Environment, s.Volumes, volumes, hosts), &out, &out); err != nil {
			t.Fatalf("service %s (%v): %v\n%s", name, s.Command, err, out.String())
		}
	}
	env := composeEnv(server.Environment, server.Volumes, volumes, hosts)
	ctx, cancel := context.WithCancel(context.Background())
	logs := &syncBuffer{}
	var runErr error
	exited := make(chan struct{})
	go func() {
		runErr = run(ctx, append([]string{"tindal"}, server.Command...), env, logs, logs)
		close(exited)
	}()
	t.Cleanup(func() {
		cancel()
		<-exited
	})
	base := waitServing(t, logs, exited, &runErr)
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(base + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("not ready after 60 s (%v)\n%s", err, logs.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
	if keys, _ := filepath.Glob(filepath.Join(volumes, "jwtkeys", "*.pem")); len(keys) != 1 {
		t.Errorf("the keys volume holds %v, want the one signing key", keys)
	}
	if strings.Contains(logs.String(), "TINDAL_PUBLIC_BASE_URL is not set") {
		t.Error("the server warned that TINDAL_PUBLIC_BASE_URL is not set")
	}
}

// composeHosts maps the compose services' host:port to the loopback
// services of scripts/services.sh: PostgreSQL, with a role and a new,
// empty database for the file's user; MinIO, which runs with the file's
// default credentials; mailpit.
func composeHosts(t *testing.T) map[string]string {
	base, err := url.Parse(testkit.DatabaseURL(t))
	if err != nil {
		t.Fatal(err)
	}
	empty, _ := url.Parse(testkit.NewEmptyDB(t))
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base.String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	// The role may exist already (another run); the database is this test's.
	_, _ = conn.Exec(ctx, "CREATE ROLE tindal LOGIN PASSWORD 'tindal'")
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+strings.TrimPrefix(empty.Path, "/")+" OWNER TO tindal"); err != nil {
		t.Fatal(err)
	}
	s3, err := url.Parse(os.Getenv("TINDAL_S3_ENDPOINT"))
	if err != nil || s3.Host == "" {
		t.Fatal("TINDAL_S3_ENDPOINT is not set: run scripts/services.sh and source .services.env")
	}
	return map[string]string{
		"@postgres:5432/tindal": "@" + base.Host + empty.Path,
		"//minio:9000":          "//" + s3.Host,
		"//mailpit:1025":        "//127.0.0.1:1025",
	}
}

// composeEnv is a service's environment as the container sees it, with
// each volume's mount point replaced by a directory under volumes and the
// hosts mapped; ports are left to the system (":8080" would collide).
func composeEnv(environment map[string]string, mounts []string, volumes string, hosts map[string]string) func(string) string {
	env := map[string]string{"TINDAL_METRICS_ADDR": "127.0.0.1:0"}
	for _, m := range mounts { // a volume exists, empty, from the first start
		name, _, _ := strings.Cut(m, ":")
		_ = os.MkdirAll(filepath.Join(volumes, name), 0o700)
	}
	for k, v := range environment {
		v = interpolate(v)
		for from, to := range hosts {
			v = strings.ReplaceAll(v, from, to)
		}
		for _, m := range mounts {
			name, target, _ := strings.Cut(m, ":")
			if v == target || strings.HasPrefix(v, target+"/") {
				v = filepath.Join(volumes, name) + strings.TrimPrefix(v, target)
			}
		}
		env[k] = v
	}
	if _, ok := env["TINDAL_HTTP_ADDR"]; ok {
		env["TINDAL_HTTP_ADDR"] = "127.0.0.1:0"
	}
	return func(k string) string { return env[k] }
}

var servingLine = regexp.MustCompile(`"msg":"serving","addr":"([^"]+)"`)

// waitServing reads the server's address from its "serving" log line.
func waitServing(t *testing.T, logs *syncBuffer, exited chan struct{}, runErr *error) string {
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		if m := servingLine.FindStringSubmatch(logs.String()); m != nil {
			return "http://" + m[1]
		}
		select {
		case <-exited:
			t.Fatalf("the server exited: %v\n%s", *runErr, logs.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
	t.Fatalf("the server did not serve within 90 s\n%s", logs.String())
	return ""
}
