package sync_test

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// The device fleet is exported as aggregate gauges: active devices, those
// silent for a day, clock skew beyond the 5-minute tolerance (docs/SYNC.md
// §5), devices by app version, and the work held for a supervisor.
func TestDeviceMetrics(t *testing.T) {
	f := newFixture(t)
	reg := prometheus.NewRegistry()
	f.eng = tsync.New(f.db, f.insp, nil, tsync.Options{Metrics: reg})
	f.user("ins", models.RoleInspector, f.jur, ago(30*24*time.Hour))
	f.user("late", models.RoleInspector, f.jur, time.Now().Add(48*time.Hour)) // not yet assigned: its work is quarantined
	f.device("fast", "ins")
	f.device("slow", "ins")
	f.device("gone", "ins")
	f.device("l1", "late")
	f.exec("UPDATE devices SET revoked_at = now() WHERE id = ?", f.devices["gone"])
	ahead := time.Now().Add(20 * time.Minute)
	if _, err := f.pushErr("fast", &ahead, f.start("fast", uuid.Must(uuid.NewV7()), f.vessel, ago(time.Hour))); err != nil {
		t.Fatal(err)
	}
	f.exec("UPDATE devices SET app_version = '0.9.0', last_push_at = now() - interval '3 days', last_pull_at = now() WHERE id = ?", f.devices["slow"])
	wantStatuses(t, f.push("l1", f.start("l1", uuid.Must(uuid.NewV7()), f.vessel, ago(time.Hour))), "deferred:quarantined")

	got := gauges(t, reg)
	want := map[string]float64{
		"tindal_devices_active":                        3,
		"tindal_devices_no_push_24h":                   1, // slow (l1 pushed just now)
		"tindal_devices_no_pull_24h":                   2, // fast and l1 never pulled
		"tindal_devices_clock_skew_over_5m":            1,
		"tindal_devices_by_app_version{version=1.0.0}": 2,
		"tindal_devices_by_app_version{version=0.9.0}": 1,
		"tindal_quarantine_pending":                    1,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v (all: %v)", k, got[k], v, got)
		}
	}
	if s := got["tindal_devices_clock_skew_max_seconds"]; s < 19*60 || s > 21*60 {
		t.Errorf("max skew = %v s, want about 1200", s)
	}
}

// gauges flattens a registry's gauges to name{label=value} → value.
func gauges(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, mf := range mfs {
		for _, m := range mf.GetMetric() {
			if m.GetGauge() == nil {
				continue
			}
			k := mf.GetName()
			for _, l := range m.GetLabel() {
				k += "{" + l.GetName() + "=" + l.GetValue() + "}"
			}
			out[k] = m.GetGauge().GetValue()
		}
	}
	return out
}
