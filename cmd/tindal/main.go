// Command tindal is the Tindal server: the API, migrations, demo data and
// user administration, in one binary.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	_ "time/tzdata" // Asia/Kolkata on minimal images
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tindal:", err)
		os.Exit(1)
	}
}

const usage = `usage: tindal <command> [flags]

commands:
  serve                  run the API (migrates at start unless --no-migrate)
  migrate up|status      apply or list database migrations
  seed demo              create the demo jurisdictions, users, vessels and certificates
  user create            create a user (--email --role --name --jurisdiction CODE --owner-id ID; password from
  TINDAL_NEW_PASSWORD)
  jobs [list|run NAME --now YYYY-MM-DD]  run the scheduler alone, list the jobs, or run one by hand
  keys ensure            create a signing key in TINDAL_JWT_KEYS_DIR unless it holds one
  keys retire FILE       replace a rotated-out signing key by its public half (verifies, signs no more)
  sync epoch|new-epoch   print the sync epoch, or start a new one after a loss of data
  sms templates          print the SMS texts to register with DLT
  sms test +91… [lang]   send a test SMS through the configured gateway
                         a restore did not show (docs/OPERATIONS.md)

Run 'tindal serve --help' for the configuration variables.
`

// run is the whole program, with its environment as parameters so that a
// test can start the real server.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 2 {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("no command")
	}
	switch args[1] {
	case "serve":
		return cmdServe(ctx, args[2:], getenv, stdout, stderr)
	case "migrate":
		return cmdMigrate(ctx, args[2:], getenv, stdout)
	case "seed":
		return cmdSeed(ctx, args[2:], getenv, stdout)
	case "user":
		return cmdUser(ctx, args[2:], getenv, stdout)
	case "jobs":
		return cmdJobs(ctx, args[2:], getenv, stdout, stderr)
	case "keys":
		return cmdKeys(args[2:], getenv, stdout)
	case "sync":
		return cmdSync(ctx, args[2:], getenv, stdout, stderr)
	case "sms":
		return cmdSMS(ctx, args[2:], getenv, stdout)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", args[1])
}
