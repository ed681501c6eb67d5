package blob

import (
	"strings"
	"testing"
)

// TestCountDrivesReadsMinIOsClusterMetrics: the drives offline are the
// larger of MinIO's own count and the drives its erasure sets cannot use
// (a drive whose directory went bad is listed online but missing from its
// set).
func TestCountDrivesReadsMinIOsClusterMetrics(t *testing.T) {
	for _, c := range []struct {
		name, text   string
		offline, all int
	}{
		{"whole", `# HELP minio_cluster_drive_offline_total Total drives offline
minio_cluster_drive_offline_total{server="a"} 0
minio_cluster_drive_online_total{server="a"} 4
minio_cluster_drive_total{server="a"} 4
minio_cluster_health_erasure_set_online_drives{pool="0",server="a",set="0"} 4
`, 0, 4},
		{"a drive gone bad", `minio_cluster_drive_offline_total{server="a"} 0
minio_cluster_drive_online_total{server="a"} 4
minio_cluster_drive_total{server="a"} 4
minio_cluster_health_erasure_set_online_drives{pool="0",server="a",set="0"} 3
`, 1, 4},
		{"a node down", `minio_cluster_drive_offline_total{server="a"} 4
minio_cluster_drive_online_total{server="a"} 12
minio_cluster_health_erasure_set_online_drives{pool="0",server="a",set="0"} 6
minio_cluster_health_erasure_set_online_drives{pool="0",server="a",set="1"} 6
`, 4, 16},
		{"not MinIO", "", 0, 0},
	} {
		if off, all := countDrives(strings.NewReader(c.text)); off != c.offline || all != c.all {
			t.Errorf("%s: %d of %d offline, want %d of %d", c.name, off, all, c.offline, c.all)
		}
	}
}
