package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tindal/tindal/auth"
)

// keysUsage is the usage of `tindal keys`.
const keysUsage = `usage: tindal keys ensure       (creates a signing key in TINDAL_JWT_KEYS_DIR unless it has one)
       tindal keys retire FILE  (replaces a private key by its public half: verifies, signs no more)`

// cmdKeys is `tindal keys ensure` and `tindal keys retire FILE`.
func cmdKeys(args []string, getenv func(string) string, stdout io.Writer) error {
	switch {
	case len(args) == 1 && args[0] == "ensure":
		return ensureKeys(getenv, stdout)
	case len(args) == 2 && args[0] == "retire":
		return retireKey(args[1], stdout)
	}
	return errors.New(keysUsage)
}

// retireKey is the last step of a rotation (auth.KeySet): once a newer key
// signs, the old private key gives way to its public half, which keeps
// verifying the tokens it signed.
func retireKey(path string, stdout io.Writer) error {
	if err := auth.RetireKeyFile(path); err != nil {
		return fmt.Errorf("retire %s: %w", path, err)
	}
	fmt.Fprintf(stdout, "keys: %s retired: its public half verifies, nothing signs with it\n", path)
	return nil
}

// ensureKeys gives TINDAL_JWT_KEYS_DIR a signing key when the directory
// holds none, and does nothing when it holds one, so it can run before
// every start (docker-compose.yml runs it as a one-shot service before the
// server, into the keys volume). The key is named for the day it was made,
// so a later key added by hand to rotate (auth.KeySet) sorts after it and
// signs.
func ensureKeys(getenv func(string) string, stdout io.Writer) error {
	dir := strings.TrimSpace(getenv("TINDAL_JWT_KEYS_DIR"))
	if dir == "" {
		return errors.New("TINDAL_JWT_KEYS_DIR: required by keys ensure")
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("create jwt key directory: %w", err)
	}
	if _, err := auth.LoadKeys(dir); err == nil {
		fmt.Fprintf(stdout, "keys: %s already holds a signing key\n", dir)
		return nil
	} else if has, gerr := holdsPrivateKey(dir); gerr != nil || has {
		return errors.Join(err, gerr) // a key that does not load: never paper over it with a new one
	}
	path := filepath.Join(dir, "signing-"+time.Now().UTC().Format("20060102T150405Z")+".pem")
	if err := auth.GenerateKeyFile(path); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, err := auth.LoadKeys(dir); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "keys: created the signing key %s\n", path)
	return nil
}

// holdsPrivateKey reports a *.pem file that is not a retired public half.
func holdsPrivateKey(dir string) (bool, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.pem"))
	for _, m := range matches {
		if !strings.HasSuffix(m, ".pub.pem") {
			return true, err
		}
	}
	return false, err
}
