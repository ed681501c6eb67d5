package plan_test

import (
	"context"
	"testing"
	"time"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/plan"
	"github.com/tindal/tindal/testkit"
)

// BenchmarkList10000 ranks an office of 10,000 vessels with a survey
// certificate each (docs/SCALING.md: a large jurisdiction), the first page
// for an admin: every vessel's facts read and scored per request.
func BenchmarkList10000(b *testing.B) {
	db := testkit.NewDB(b)
	g := db.Gorm.WithContext(context.Background())
	for _, q := range []string{
		`INSERT INTO jurisdictions (id, code, name, regime) VALUES ('00000000-0000-0000-0000-00000000000a', 'BENCH', 'Bench', 'KA-IV-2025')`,
		`INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES ('00000000-0000-0000-0000-00000000000b', 'person', 'Bench owner', '00000000-0000-0000-0000-00000000000a')`,
		`INSERT INTO vessels (id, registration_number, name, regime, kind, use, jurisdiction_id, owner_id, created_at)
		 SELECT gen_random_uuid(), 'KA-BEN-' || n, 'Boat ' || n, 'KA-IV-2025', 'non_mechanised',
		        CASE WHEN n % 3 = 0 THEN 'passenger' ELSE 'fishing' END,
		        '00000000-0000-0000-0000-00000000000a', '00000000-0000-0000-0000-00000000000b', now() - (n % 900) * interval '1 day'
		 FROM generate_series(1, 10000) n`,
		`INSERT INTO certificates (id, subject_type, vessel_id, kind, number, issued_on, jurisdiction_id, owner_id)
		 SELECT gen_random_uuid(), 'vessel', id, 'survey', 'S-' || registration_number, (created_at)::date,
		        jurisdiction_id, owner_id FROM vessels`,
	} {
		if err := g.Exec(q).Error; err != nil {
			b.Fatal(err)
		}
	}
	s := plan.New(db)
	sc := models.Scope{Access: models.AccessAll}
	b.ResetTimer()
	for b.Loop() {
		es, _, err := s.List(context.Background(), sc, plan.Filter{}, time.Now(), "", 50)
		if err != nil || len(es) != 50 {
			b.Fatalf("%d entries, %v", len(es), err)
		}
	}
}
