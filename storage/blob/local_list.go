package blob

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
)

// List walks the object files and calls fn for those whose key begins with
// prefix. A file's key is the one its header names, or, for a file written
// before headers named keys or hard-linked by Copy from another key, its
// content key when that is where the file lies (ContentKey of its SHA-256);
// a file that is neither is not listed.
func (l *Local) List(ctx context.Context, prefix string, fn func(Info) error) error {
	root := filepath.Join(l.dir, "objects")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && path != root {
				return nil // removed while we walked
			}
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if d.IsDir() {
			return nil
		}
		info, ok := l.listed(path)
		if !ok || !strings.HasPrefix(info.Key, prefix) {
			return nil
		}
		return fn(info)
	})
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return l.ioErr("list "+prefix, err)
	}
	return err
}

// listed describes the object file at path, if its key can be named.
func (l *Local) listed(path string) (Info, bool) {
	o, err := openObject(path)
	if err != nil {
		return Info{}, false // being written or removed, or not an object
	}
	defer o.Close()
	key := o.hdr.Key
	if key == "" || l.path(key) != path {
		key = ""
		if ValidSHA256(o.hdr.SHA256) == nil && l.path(ContentKey(o.hdr.SHA256)) == path {
			key = ContentKey(o.hdr.SHA256)
		}
	}
	if key == "" {
		return Info{}, false
	}
	info, err := l.info(key, o)
	return info, err == nil
}
