package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/demo"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

func cmdMigrate(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 1 || (args[0] != "up" && args[0] != "status") {
		return errors.New("usage: tindal migrate up|status")
	}
	a, err := open(ctx, getenv, stdout, false)
	if err != nil {
		return err
	}
	defer a.close()
	if args[0] == "up" {
		return storage.Migrate(ctx, a.db.SQL, stdout)
	}
	st, err := storage.Status(ctx, a.db.SQL)
	if err != nil {
		return err
	}
	for _, s := range st {
		state := "pending"
		if s.Applied {
			state = "applied"
		}
		fmt.Fprintf(stdout, "%05d  %-8s %s\n", s.Version, state, s.Path)
	}
	return nil
}

// seedSettings are the seed's sessions' settings: its commits (thousands,
// one per step of the demo's year) do not wait for their WAL to reach the
// disk. Only a crash of PostgreSQL during the seed could lose its last
// commits, and running `tindal seed demo` again writes what is missing.
var seedSettings = map[string]string{"synchronous_commit": "off"}

func cmdSeed(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "demo" {
		return errors.New("usage: tindal seed demo")
	}
	a, err := openWith(ctx, getenv, stdout, false, seedSettings)
	if err != nil {
		return err
	}
	defer a.close()
	if a.cfg.DemoPassword == "" {
		return errors.New("TINDAL_DEMO_PASSWORD: required by `tindal seed demo` (the password every demo user gets)")
	}
	if err := storage.Migrate(ctx, a.db.SQL, io.Discard); err != nil {
		return err
	}
	start := time.Now()
	opts := append(a.demoPhotos(ctx, stdout), demo.WithHistory())
	sum, err := demo.Seed(ctx, a.db, a.auth, a.cfg.DemoPassword, start, stdout, opts...)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "demo data: %+v (%s)\n", sum, time.Since(start).Round(time.Millisecond))
	return nil
}

func cmdUser(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) < 1 || args[0] != "create" {
		return errors.New("usage: tindal user create --email E --role R [--name N] [--jurisdiction " +
			"CODE,...] [--owner-id ID]; password from TINDAL_NEW_PASSWORD")
	}
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	email := fs.String("email", "", "email address (login)")
	role := fs.String("role", "", "admin, registrar, supervisor, inspector or owner")
	name := fs.String("name", "", "display name")
	juris := fs.String("jurisdiction", "", "comma-separated jurisdiction codes (registrar, supervisor, inspector)")
	owner := fs.String("owner-id", "", "owner id (owner role)")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	password := getenv("TINDAL_NEW_PASSWORD")
	if password == "" {
		return errors.New(
			"TINDAL_NEW_PASSWORD: set it to the new user's password (kept out of the command line and shell history)",
		)
	}
	a, err := open(ctx, getenv, stdout, false)
	if err != nil {
		return err
	}
	defer a.close()
	n := auth.NewUser{Email: *email, Name: *name, Role: models.Role(*role), Password: password}
	if *owner != "" {
		id, err := uuid.Parse(*owner)
		if err != nil {
			return fmt.Errorf("--owner-id: %w", err)
		}
		n.OwnerID = &id
	}
	if n.Jurisdictions, err = jurisdictionIDs(ctx, a.db, *juris); err != nil {
		return err
	}
	u, err := a.auth.CreateUser(ctx, storage.Actor{RequestID: "cli"}, n)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created user %s (%s) with id %s\n", u.Email, u.Role, u.ID)
	return nil
}

func jurisdictionIDs(ctx context.Context, db *storage.DB, codes string) ([]uuid.UUID, error) {
	var ids []uuid.UUID
	for _, code := range strings.Split(codes, ",") {
		code = strings.ToUpper(strings.TrimSpace(code))
		if code == "" {
			continue
		}
		var j models.Jurisdiction
		if err := db.Gorm.WithContext(ctx).Where("code = ?", code).Take(&j).Error; err != nil {
			return nil, fmt.Errorf("--jurisdiction: no jurisdiction with code %s", code)
		}
		ids = append(ids, j.ID)
	}
	return ids, nil
}

// demoPhotos uploads the demo findings' photos to the object store serve
// uses (MinIO under `make run`, or the local-disk store), through the photo
// service; without a store the demo inspections carry no photos.
func (a *app) demoPhotos(ctx context.Context, stdout io.Writer) []demo.Option {
	bc, err := a.blobConfig()
	if err == nil {
		var store blob.Store
		if store, err = blob.New(bc); err == nil {
			if b, ok := store.(interface{ EnsureBucket(context.Context) error }); ok {
				err = b.EnsureBucket(ctx) // a fresh development store has no bucket yet
			}
			if err == nil {
				return []demo.Option{demo.WithPhotos(a.photos(store))}
			}
		}
	}
	fmt.Fprintf(stdout, "demo photos skipped: object store: %v\n", err)
	return nil
}
