package demo

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm/clause"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	tsync "github.com/tindal/tindal/sync"
)

// inspectionSeed is a submitted inspection waiting for its supervisor's
// review: the inspector who did it, the vessel, how many days ago, the
// checklist answers and the findings recorded on board.
type inspectionSeed struct {
	Key       string // natural key of the inspection
	Inspector string // a staff email
	Reg       string
	DaysAgo   int
	Answers   map[string]string // checklist item → yes, no or na
	Findings  []findingSeed
}

type findingSeed struct {
	Code, Note string
}

// inspections are the supervisor's work for the demo: one of them records
// an expired Certificate of Survey, a detainable deficiency (action 06,
// Karnataka 2025 Sch-IX), so the server proposes detention.
var inspections = []inspectionSeed{
	{Key: "kwr-m-0006-routine", Inspector: "inspector.karwar@demo.tindal", Reg: "KA-KWR-M-0006", DaysAgo: 2,
		Answers: map[string]string{"fire.extinguishers": "yes"},
		Findings: []findingSeed{
			{"01003", "Certificate of Survey on board expired 40 days ago; no renewal applied for"},
			{"11004", "two lifebuoys for a crew of six; the rest ashore"},
		}},
	{Key: "kwr-m-0002-routine", Inspector: "inspector.karwar@demo.tindal", Reg: "KA-KWR-M-0002", DaysAgo: 3,
		Answers:  map[string]string{"fire.extinguishers": "no"},
		Findings: []findingSeed{{"10008", "stern light not working"}}},
	{Key: "kwr-m-0001-spot", Inspector: "inspector.karwar@demo.tindal", Reg: "KA-KWR-M-0001", DaysAgo: 1,
		Answers:  map[string]string{"fire.extinguishers": "yes"},
		Findings: []findingSeed{{"11004", "lifebuoys without retro-reflective tape"}}},
}

// demoTemplate is the Karnataka mechanised vessel checklist (Form-2 and
// its annex) the demo inspections use.
var demoTemplate = checklist.TemplateID("ka-form2-annex", 2)

func inspectionID(key string) uuid.UUID { return idOf("inspection", key) }

// seedInspections pushes each demo inspection through the sync engine, as
// the inspector's phone would: start, answers, findings, submit. The rules
// derive the findings' actions, penalties and the detention proposal, the
// change log and the audit log are written as for real work, and nothing
// is written around the commands. An inspection that exists is skipped
// whole, so a second run (on any day) pushes nothing.
func (s *seeder) seedInspections(ctx context.Context, now time.Time) error {
	insp := inspect.New(s.db, nil, func() time.Time { return now })
	eng := tsync.New(s.db, insp, func() time.Time { return now }, tsync.Options{})
	for _, in := range inspections {
		var n int64
		if err := s.db.Gorm.WithContext(ctx).
			Table("inspections").
			Where("id = ?", inspectionID(in.Key)).
			Count(&n).
			Error; err != nil {
			return fmt.Errorf("inspection %s: %w", in.Key, err)
		}
		if n == 0 {
			if err := s.pushInspection(ctx, eng, in, now); err != nil {
				return fmt.Errorf("inspection %s: %w", in.Key, err)
			}
		}
		if s.photos == nil {
			continue
		}
		scope, err := s.inspectorScope(ctx, in.Inspector, now)
		if err != nil {
			return err
		}
		if err := s.uploadPhotos(ctx, in, scope, startOfSeed(in, now)); err != nil {
			return fmt.Errorf("inspection %s: %w", in.Key, err)
		}
	}
	return nil
}

// pushInspection pushes one inspection from its inspector's demo device and
// fails unless every mutation applied.
func (s *seeder) pushInspection(ctx context.Context, eng *tsync.Engine, in inspectionSeed, now time.Time) error {
	scope, err := s.inspectorScope(ctx, in.Inspector, now)
	if err != nil {
		return err
	}
	ms, err := s.mutations(in, now)
	if err != nil {
		return err
	}
	res, err := eng.Push(ctx, scope, tsync.PushRequest{AppVersion: "demo-seed", ProtocolVersion: 1, Mutations: ms})
	if err != nil {
		return err
	}
	for _, r := range res.Results {
		if r.Status != tsync.StatusApplied {
			return fmt.Errorf("mutation %d: %s %s %s", r.Seq, r.Status, r.Code, r.Message)
		}
	}
	return nil
}

// mutations are the phone's intents for one inspection, captured from
// 10:00 India time DaysAgo days before today, a minute apart.
func (s *seeder) mutations(in inspectionSeed, now time.Time) ([]tsync.Mutation, error) {
	id := inspectionID(in.Key)
	at := startOfSeed(in, now)
	var ms []tsync.Mutation
	add := func(name string, args any) {
		raw, _ := json.Marshal(args) //nolint:errcheck // demo data of plain values
		captured := at.Add(time.Duration(len(ms)) * time.Minute).UTC().Format(time.RFC3339Nano)
		base := int64(len(ms))
		if base > 0 {
			base = 1
		}
		ms = append(
			ms,
			tsync.Mutation{ID: idOf("mutation", fmt.Sprintf("%s/%d", in.Key, len(ms))), Seq: s.nextSeq(in.Inspector),
				Name: name, Version: 1, Args: raw, BaseVersion: &base, CapturedAt: &captured},
		)
	}
	kind := "routine"
	if in.DaysAgo == 1 {
		kind = "spot"
	}
	add(
		"inspection.start",
		map[string]any{"id": id, "vessel_id": vesselID(in.Reg), "template_id": demoTemplate, "kind": kind,
			"lat": ports[karwar].Lat, "lon": ports[karwar].Lon},
	)
	for _, item := range sortedKeys(in.Answers) {
		add("inspection.answer", map[string]any{"inspection_id": id, "item_id": item, "answer": in.Answers[item]})
	}
	for i, f := range in.Findings {
		add("finding.record", map[string]any{"id": idOf("finding", fmt.Sprintf("%s/%d", in.Key, i)), "inspection_id": id,
			"code": f.Code, "note": f.Note})
	}
	if s.photos != nil {
		ps, err := photosOf(in, at)
		if err != nil {
			return nil, err
		}
		for _, p := range ps {
			add("photo.attach", attachArgs(id, p, at.Add(time.Duration(len(ms))*time.Minute)))
		}
	}
	add("inspection.submit", map[string]any{"inspection_id": id})
	return ms, nil
}

// startOfSeed is when the inspector started a demo inspection: 10:00
// India time, DaysAgo days before now.
func startOfSeed(in inspectionSeed, now time.Time) time.Time {
	day := now.In(ist).AddDate(0, 0, -in.DaysAgo)
	return time.Date(day.Year(), day.Month(), day.Day(), 10, 0, 0, 0, ist)
}

// inspectorScope is the inspector's scope on their demo device, which is
// registered (once) a year back, when their assignment starts.
func (s *seeder) inspectorScope(ctx context.Context, email string, now time.Time) (models.Scope, error) {
	var u models.User
	if err := s.db.Gorm.WithContext(ctx).Where("email = ?", email).Take(&u).Error; err != nil {
		return models.Scope{}, fmt.Errorf("demo inspector %s: %w", email, err)
	}
	dev := models.Device{ID: idOf("device", email), UserID: u.ID, InstallationID: "demo-seed", Name: "demo phone",
		AppVersion: "demo-seed", RegisteredAt: now.AddDate(0, 0, -365).UTC()}
	if err := s.db.Gorm.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&dev).Error; err != nil {
		return models.Scope{}, fmt.Errorf("demo device of %s: %w", email, err)
	}
	var jur []uuid.UUID
	err := s.db.Gorm.WithContext(ctx).Table("user_jurisdictions").Where("user_id = ? AND ends_on IS NULL", u.ID).
		Pluck("jurisdiction_id", &jur).Error
	if err != nil {
		return models.Scope{}, fmt.Errorf("demo inspector %s jurisdictions: %w", email, err)
	}
	if err := s.startSeq(ctx, email, dev.ID); err != nil {
		return models.Scope{}, err
	}
	return models.Scope{
		UserID:        u.ID,
		DeviceID:      dev.ID,
		Role:          u.Role,
		Access:        models.AccessJurisdiction,
		Jurisdictions: jur,
		RequestID:     "seed-demo",
	}, nil
}

// startSeq continues the device's mutation numbering after what it has
// already pushed.
func (s *seeder) startSeq(ctx context.Context, email string, device uuid.UUID) error {
	if _, ok := s.seq[email]; ok {
		return nil
	}
	var last sql.NullInt64
	err := s.db.Gorm.WithContext(ctx).
		Raw(`SELECT max(seq) FROM applied_mutations WHERE device_id = ?`, device).
		Row().
		Scan(&last)
	if err != nil {
		return fmt.Errorf("demo device seq: %w", err)
	}
	s.seq[email] = last.Int64
	return nil
}

func (s *seeder) nextSeq(email string) int64 {
	s.seq[email]++
	return s.seq[email]
}

func inspectionIDs() []uuid.UUID {
	out := make([]uuid.UUID, len(inspections))
	for i, in := range inspections {
		out[i] = inspectionID(in.Key)
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
