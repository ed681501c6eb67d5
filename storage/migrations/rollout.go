//go:build tindal_rollout

package migrations

import (
	"embed"
	"io/fs"
)

//go:embed rollout/*.sql
var rollout embed.FS

func init() {
	sub, err := fs.Sub(rollout, "rollout")
	if err != nil {
		panic(err)
	}
	extra = sub
}
