package demo

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
)

// ports are where each office's inspectors board: the position of an
// inspection and of its photos.
var ports = map[string]struct {
	Name     string
	Lat, Lon float64
}{
	karwar:    {"Karwar port, Baithkol jetty", 14.8019, 74.1240},
	mangaluru: {"Mangaluru old port, Bunder wharf", 12.8641, 74.8370},
}

func visitID(key string) uuid.UUID { return idOf("inspection", "year/"+key) }

func visitPart(key, part string, i int) string { return fmt.Sprintf("year/%s/%s/%d", key, part, i) }

// pushVisit pushes a visit from its inspector's demo phone, as the phone
// would, unless an earlier run did, then starts the upload of its photos'
// bytes (uploads).
func (y *year) pushVisit(ctx context.Context, v visit) error {
	sc, err := y.s.inspectorScope(ctx, staffOf("inspector", v.Jur), y.s.now)
	if err != nil {
		return err
	}
	ms, photos, err := y.mutations(ctx, v)
	if err != nil {
		return err
	}
	exists, err := y.exists(ctx, "inspections", "id = ?", visitID(v.Key))
	if err != nil {
		return err
	}
	if exists {
		y.up.start(v.Key, sc, y.s, photos)
		return nil
	}
	for i := range ms {
		ms[i].Seq = y.s.nextSeq(staffOf("inspector", v.Jur))
	}
	res, err := y.push.Push(ctx, sc, tsync.PushRequest{AppVersion: "demo-seed", ProtocolVersion: 1, Mutations: ms})
	if err != nil {
		return err
	}
	for _, r := range res.Results {
		if r.Status != tsync.StatusApplied {
			return fmt.Errorf("mutation %d: %s %s %s", r.Seq, r.Status, r.Code, r.Message)
		}
	}
	y.up.start(v.Key, sc, y.s, photos)
	return nil
}

// mutations are the phone's intents for a visit, a minute apart from its
// start: start, findings (rectified on board where planned), a photo of
// each finding, submit.
func (y *year) mutations(ctx context.Context, v visit) ([]tsync.Mutation, []demoPhoto, error) {
	id, at, port := visitID(v.Key), y.startOf(v), ports[v.Jur]
	var ms []tsync.Mutation
	add := func(name string, args any) {
		raw, _ := json.Marshal(args) //nolint:errcheck // the demo's own argument structs always marshal
		captured := at.Add(time.Duration(len(ms)) * time.Minute).UTC().Format(time.RFC3339Nano)
		base := min(int64(len(ms)), 1)
		ms = append(ms, tsync.Mutation{ID: idOf("mutation", visitPart(v.Key, "m", len(ms))), Name: name, Version: 1,
			Args: raw, BaseVersion: &base, CapturedAt: &captured})
	}
	start := map[string]any{"id": id, "vessel_id": vesselID(v.Reg), "template_id": demoTemplate, "kind": v.Kind,
		"lat": port.Lat, "lon": port.Lon}
	if v.Reinspects != "" {
		order, err := y.orderOf(ctx, v.Reinspects)
		if err != nil {
			return nil, nil, err
		}
		start["detention_order_id"] = order.ID
	}
	add("inspection.start", start)
	var photos []demoPhoto
	for i, f := range v.Findings {
		fid := idOf("finding", visitPart(v.Key, "f", i))
		add("finding.record", map[string]any{"id": fid, "inspection_id": id, "code": f.Code, "note": f.Note,
			"action": f.Action})
		if f.Rectified {
			add("finding.rectify", map[string]any{"finding_id": fid, "inspection_id": id, "note": f.Note})
		}
		if y.s.photos == nil {
			continue
		}
		taken := at.Add(time.Duration(len(ms)) * time.Minute)
		b, err := exifJPEG(visitPart(v.Key, "p", i), 320, 240, shot{At: taken, Lat: port.Lat, Lon: port.Lon})
		if err != nil {
			return nil, nil, err
		}
		p := demoPhoto{ID: idOf("photo", visitPart(v.Key, "p", i)), Finding: fid, Bytes: b, Caption: f.Note}
		photos = append(photos, p)
		add("photo.attach", attachArgs(id, p, taken))
	}
	add("inspection.submit", map[string]any{"inspection_id": id})
	return ms, photos, nil
}

// approve is the supervisor's approval of a submitted visit, which
// charges its offences and serves the penalty notice, once its photos are
// up.
func (y *year) approve(ctx context.Context, v visit) error {
	if err := y.up.wait(v.Key); err != nil {
		return err
	}
	submitted, err := y.exists(ctx, "inspections", "id = ? AND status = 'submitted'", visitID(v.Key))
	if err != nil || !submitted {
		return err
	}
	sc, err := y.s.officialScope(ctx, staffOf("supervisor", v.Jur))
	if err != nil {
		return err
	}
	_, err = y.insp.Review(ctx, sc, visitID(v.Key), inspect.ReviewInput{Decision: inspect.DecisionApprove})
	return err
}

// detain confirms the detention the law proposed for the visit (Karnataka
// 2025, Sch-IX Annex-1).
func (y *year) detain(ctx context.Context, v visit) error {
	ordered, err := y.exists(ctx, "detention_orders", "inspection_id = ?", visitID(v.Key))
	if err != nil || ordered {
		return err
	}
	sc, err := y.s.officialScope(ctx, staffOf("supervisor", v.Jur))
	if err != nil {
		return err
	}
	_, err = y.orders.ConfirmDetention(ctx, sc, visitID(v.Key), detention.DetentionInput{
		PresentLocation: ports[v.Jur].Name, MasterName: masterOf(v.Reg),
		Reason: "detainable deficiency found on board; the vessel stays in port until it is cleared"})
	return err
}

// release issues the release order of the detention the re-inspection
// cleared (Karnataka 2025, Sch-IX Annex-2).
func (y *year) release(ctx context.Context, v visit) error {
	o, err := y.orderOf(ctx, v.Reinspects)
	if err != nil || o.Status == models.OrderReleased {
		return err
	}
	sc, err := y.s.officialScope(ctx, staffOf("supervisor", v.Jur))
	if err != nil {
		return err
	}
	_, err = y.orders.ReleaseDetention(ctx, sc, o.ID, detention.ReleaseInput{GuardShifts: 2,
		Reason: "re-inspection found the deficiency put right"})
	return err
}

// appeal is the owner's appeal of the first charged penalty of the
// visit's notice, within the window (Karnataka 2025, Sch-XVI para 1).
func (y *year) appeal(ctx context.Context, v visit) error {
	n, ok, err := y.noticeOf(ctx, v, y.s.ownerScope)
	if err != nil || !ok {
		return err
	}
	for _, l := range n.Lines {
		if l.AppealState != "" {
			return nil
		}
		if l.Status == string(rules.OffenceCharged) && l.Due > 0 {
			sc, err := y.s.ownerScope(ctx, v)
			if err != nil {
				return err
			}
			_, err = y.pen.FileAppeal(ctx, sc, n.Notice.ID, l.PenaltyID,
				"the defect was put right the same day and the boat had not sailed; we ask that the penalty be set aside",
				nil)
			return err
		}
	}
	return nil
}

// decide records the appellate authority's decision (an admin records it:
// the appeal lies above the port office, Karnataka 2025 Sch-XVI).
func (y *year) decide(ctx context.Context, v visit) error {
	sc, err := y.s.officialScope(ctx, "admin@demo.tindal")
	if err != nil {
		return err
	}
	var appeal uuid.UUID
	err = y.s.db.Gorm.WithContext(ctx).Raw(`SELECT a.id FROM penalty_appeals a JOIN penalty_notices n ON n.id = a.notice_id
		WHERE n.inspection_id = ? AND a.state = ? LIMIT 1`, visitID(v.Key), penalty.AppealPending).Row().Scan(&appeal)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("pending appeal: %w", err)
	}
	reason := "the record and the photographs show the deficiency; the penalty stands"
	if v.Settle.Decision == penalty.AppealUpheld {
		reason = "the owner showed the appliance was on board and in order; the penalty is set aside"
	}
	_, err = y.pen.DecideAppeal(ctx, sc, appeal, v.Settle.Decision, reason)
	return err
}

// pay records, as the office's registrar, the payment of everything due
// on the visit's notice, each penalty under its own receipt.
func (y *year) pay(ctx context.Context, v visit) error {
	sc, err := y.s.officialScope(ctx, staffOf("registrar", v.Jur))
	if err != nil {
		return err
	}
	n, ok, err := y.noticeOf(ctx, v, func(context.Context, visit) (models.Scope, error) { return sc, nil })
	if err != nil || !ok {
		return err
	}
	for i, l := range n.Lines {
		if l.Due <= 0 || l.Status != string(rules.OffenceCharged) || l.AppealState == penalty.AppealPending {
			continue
		}
		in := penalty.PaymentInput{PenaltyID: l.PenaltyID, Amount: l.Due, PaidOn: rules.DateOf(y.clock.now()),
			ReceiptNumber: fmt.Sprintf("DEMO/%s/%d", n.Notice.Number, i+1)}
		if _, _, err := y.pen.RecordPayment(ctx, sc, n.Notice.ID, in); err != nil {
			return fmt.Errorf("payment of %s: %w", n.Notice.Number, err)
		}
	}
	return nil
}

// noticeOf reads the visit's penalty notice in the scope scopeOf gives;
// ok is false when its approval charged nothing.
func (y *year) noticeOf(
	ctx context.Context,
	v visit,
	scopeOf func(context.Context, visit) (models.Scope, error),
) (penalty.NoticeView, bool, error) {
	var id uuid.UUID
	err := y.s.db.Gorm.WithContext(ctx).Table("penalty_notices").Select("id").
		Where("inspection_id = ?", visitID(v.Key)).Row().Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return penalty.NoticeView{}, false, nil
	}
	if err != nil {
		return penalty.NoticeView{}, false, fmt.Errorf("notice of %s: %w", v.Key, err)
	}
	sc, err := scopeOf(ctx, v)
	if err != nil {
		return penalty.NoticeView{}, false, err
	}
	n, err := y.pen.GetNotice(ctx, sc, id)
	return n, err == nil, err
}

// orderOf is the detention order that followed the visit key.
func (y *year) orderOf(ctx context.Context, key string) (models.DetentionOrder, error) {
	var o models.DetentionOrder
	err := y.s.db.Gorm.WithContext(ctx).Where("inspection_id = ?", visitID(key)).Take(&o).Error
	if err != nil {
		return o, fmt.Errorf("detention order of %s: %w", key, err)
	}
	return o, nil
}

func (y *year) exists(ctx context.Context, table, where string, args ...any) (bool, error) {
	var n int64
	err := y.s.db.Gorm.WithContext(ctx).Table(table).Where(where, args...).Count(&n).Error
	if err != nil {
		return false, fmt.Errorf("read %s: %w", table, err)
	}
	return n > 0, nil
}

// masterOf names who commands the vessel: its master, serang or tindal
// signed on, else its owner's boat in-charge.
func masterOf(reg string) string {
	for _, p := range posts {
		if p.Reg == reg && (p.Role == "master" || p.Role == "serang" || p.Role == "tindal") {
			for _, c := range crew {
				if c.Indivc == p.Indivc {
					return c.Name
				}
			}
		}
	}
	return "the boat in-charge"
}

// officialScope is the scope of a demo official: their jurisdictions, or
// every record for an admin.
func (s *seeder) officialScope(ctx context.Context, email string) (models.Scope, error) {
	var u models.User
	if err := s.db.Gorm.WithContext(ctx).Where("email = ?", email).Take(&u).Error; err != nil {
		return models.Scope{}, fmt.Errorf("demo official %s: %w", email, err)
	}
	sc := models.Scope{UserID: u.ID, Role: u.Role, Access: models.AccessJurisdiction, RequestID: "seed-demo"}
	if u.Role == models.RoleAdmin {
		sc.Access = models.AccessAll
		return sc, nil
	}
	err := s.db.Gorm.WithContext(ctx).Table("user_jurisdictions").Where("user_id = ? AND ends_on IS NULL", u.ID).
		Pluck("jurisdiction_id", &sc.Jurisdictions).Error
	if err != nil {
		return models.Scope{}, fmt.Errorf("demo official %s jurisdictions: %w", email, err)
	}
	return sc, nil
}

// ownerScope is the scope of the account of the owner of the visit's vessel.
func (s *seeder) ownerScope(ctx context.Context, v visit) (models.Scope, error) {
	vs, _ := vesselByReg(v.Reg)
	var u models.User
	if err := s.db.Gorm.WithContext(ctx).Where("email = ?", ownerEmail(vs.Owner)).Take(&u).Error; err != nil {
		return models.Scope{}, fmt.Errorf("demo owner %d: %w", vs.Owner, err)
	}
	owner := ownerID(vs.Owner)
	return models.Scope{UserID: u.ID, Role: u.Role, Access: models.AccessOwn, OwnerID: &owner,
		RequestID: "seed-demo"}, nil
}
