package main

import (
	"crypto/sha256"
	"encoding/json"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// rawDay is one offline day written by hand: the same day the phone
// pushes (newDay), by the same phone and inspector, on the same vessel.
// Every statement goes into one pgx.Batch (one pipelined round trip)
// inside one transaction — what a hand-written raw writer would do, and
// the floor the push is measured against.
type rawDay struct {
	day
	v            vesselRef
	device, user string
	ruleSet      string
	stampVersion map[uuid.UUID]int64 // the inspection's version after each mutation
}

func (e *rawEnv) newRawDay(slot, i int, lastSeq int64) *rawDay {
	d := newDay(e.tpl, e.vessels[i%len(e.vessels)].id, lastSeq)
	r := &rawDay{day: d, v: e.vessels[i%len(e.vessels)], device: e.devices[slot], user: e.inspector,
		ruleSet: e.ruleSet, stampVersion: map[uuid.UUID]int64{}}
	for k, m := range d.mutations {
		r.stampVersion[m.ID] = int64(k + 1)
	}
	return r
}

// stamp is a field's stamp as the server keeps it (device, mutation,
// seq, time, user, version).
func (r *rawDay) stamp(m mutation) map[string]any {
	return map[string]any{"d": r.device, "m": m.ID, "s": m.Seq, "t": m.CapturedAt, "u": r.user, "v": r.stampVersion[m.ID]}
}

// queueDomain queues the rows the device's data becomes: the inspection,
// the answers (an insert for an item's first answer, an update of the
// same row for a later one), the findings, the photo records and the
// submit.
func (r *rawDay) queueDomain(b *pgx.Batch) {
	answered := map[uuid.UUID]bool{}
	for _, m := range r.mutations {
		switch m.Name {
		case "inspection.start":
			b.Queue(
				`INSERT INTO inspections (id, vessel_id, inspector_id, device_id, jurisdiction_id, owner_id, template_id,
					rule_set_id, kind, started_at, started_raw, stamps)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'routine', $9, $9, $10)`,
				r.inspection,
				r.v.id,
				r.user,
				r.device,
				r.v.jur,
				r.v.owner,
				m.Args["template_id"],
				r.ruleSet,
				m.CapturedAt,
				map[string]any{"status": r.stamp(m)},
			)
		case "inspection.answer":
			r.queueAnswer(b, m, answered[m.entity])
			answered[m.entity] = true
		case "finding.record":
			b.Queue(
				`INSERT INTO findings (id, inspection_id, code, source, sources, note, stamps, jurisdiction_id, owner_id,
					inspector_id)
				VALUES ($1, $2, $3, 'inspector', '["inspector"]', $4, $5, $6, $7, $8)`,
				m.entity,
				r.inspection,
				m.Args["code"],
				m.Args["note"],
				map[string]any{"code": r.stamp(m), "note": r.stamp(m)},
				r.v.jur,
				r.v.owner,
				r.user,
			)
		case "photo.attach":
			b.Queue(
				`INSERT INTO photos (id, inspection_id, sha256, size, content_type, uploaded_by, stamps, jurisdiction_id,
					owner_id, inspector_id)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				m.entity,
				r.inspection,
				m.Args["sha256"],
				m.Args["size"],
				m.Args["content_type"],
				r.user,
				map[string]any{"caption": r.stamp(m)},
				r.v.jur,
				r.v.owner,
				r.user,
			)
		case "inspection.submit":
			b.Queue(`UPDATE inspections SET status = 'submitted', submitted_at = $2, stamps = stamps || $3, version = version +
					1, updated_at = now() WHERE id = $1`,
				r.inspection, m.CapturedAt, map[string]any{"status": r.stamp(m)})
		}
	}
}

func (r *rawDay) queueAnswer(b *pgx.Batch, m mutation, again bool) {
	if again {
		b.Queue(`UPDATE inspection_answers SET answer = $2, stamp_version = $3, stamp_device = $4, stamp_user = $5,
				stamp_mutation = $6, stamp_seq = $7, stamp_time = $8,
			version = version + 1, updated_at = now() WHERE id = $1`,
			m.entity, m.Args["answer"], r.stampVersion[m.ID], r.device, r.user, m.ID, m.Seq, m.CapturedAt)
		return
	}
	b.Queue(
		`INSERT INTO inspection_answers (id, inspection_id, template_id, item_id, answer, stamp_version,
			stamp_device, stamp_user, stamp_mutation, stamp_seq, stamp_time, jurisdiction_id, owner_id, inspector_id)
		VALUES ($1, $2, (SELECT template_id FROM inspections WHERE id = $2), $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		m.entity,
		r.inspection,
		m.Args["item_id"],
		m.Args["answer"],
		r.stampVersion[m.ID],
		r.device,
		r.user,
		m.ID,
		m.Seq,
		m.CapturedAt,
		r.v.jur,
		r.v.owner,
		r.user,
	)
}

// queueBookkeeping queues what the push writes besides the domain rows:
// one applied_mutations row per mutation with its stored outcome (one
// insert, where the server inserts and later updates), the audit rows,
// and last — as the server does, so the change-log lock is held only
// until COMMIT — the change-log rows in one statement through the same
// table, so the same trigger takes the same advisory lock and allocates
// positions. Audit and change-log rows are multi-row inserts (unnest),
// as the server's are; their counts follow shape, measured on the push.
func (r *rawDay) queueBookkeeping(b *pgx.Batch, shape rowShape) {
	for _, m := range r.mutations {
		body, _ := json.Marshal(m)
		hash := sha256.Sum256(body)
		b.Queue(
			`INSERT INTO applied_mutations (id, device_id, user_id, seq, name, aggregate_id, request_hash, status, outcome)
			VALUES ($1, $2, $3, $4, $5, $6, $7, 'applied', $8)`,
			m.ID,
			r.device,
			r.user,
			m.Seq,
			m.Name,
			r.inspection,
			hash[:],
			r.outcome(m),
		)
	}
	r.queueAudit(b, shape.audit)
	r.queueChanges(b, shape.change)
}

// outcome is the stored result of a mutation, as large as the server's.
func (r *rawDay) outcome(m mutation) map[string]any {
	return map[string]any{
		"id":          m.ID,
		"seq":         m.Seq,
		"status":      "applied",
		"captured_at": m.CapturedAt,
		"time_flags":  []string{"before_registration"},
		"written":     []map[string]any{{"id": m.entity, "type": m.entityType, "version": 1}},
		"aggregate":   map[string]any{"id": r.inspection, "type": "inspection", "version": r.stampVersion[m.ID]},
	}
}

// queueAudit writes n audit rows: one per mutation and entity (an item
// answered twice is one row), then, if the push wrote more, copies of
// finding rows.
func (r *rawDay) queueAudit(b *pgx.Batch, n int) {
	var actions, types []string
	var ids []uuid.UUID
	var afters []map[string]any
	add := func(m mutation) {
		actions, types, ids, afters = append(
			actions,
			m.Name,
		), append(
			types,
			m.entityType,
		), append(
			ids,
			m.entity,
		), append(
			afters,
			r.image(m),
		)
	}
	seen := map[[2]string]bool{}
	var findings []mutation
	for _, m := range r.mutations {
		if m.Name == "finding.record" {
			findings = append(findings, m)
		}
		if k := [2]string{m.Name, m.entity.String()}; !seen[k] {
			seen[k] = true
			add(m)
		}
	}
	for i := 0; len(actions) < n; i++ {
		add(findings[i%len(findings)])
	}
	n = min(n, len(actions))
	b.Queue(`INSERT INTO audit_log (at, actor_id, device_id, request_id, action, entity_type, entity_id, after)
		SELECT now(), $1, $2, 'loadgen-raw', a, t, id, img FROM unnest($3::text[], $4::text[], $5::uuid[],
		$6::jsonb[]) AS x (a, t, id, img)`,
		r.user, r.device, actions[:n], types[:n], ids[:n], afters[:n])
}

// queueChanges writes n change-log rows: every entity the day wrote under
// its jurisdiction, owner and inspector scope keys, then, for the rows
// the push logs beyond those (derived findings, offences, penalties, the
// inspection again in a second chunk), the day's entities again — the
// same cost through the trigger, and no row for an entity that does not
// exist, which later pulls would have to explain.
func (r *rawDay) queueChanges(b *pgx.Batch, n int) {
	keys := []string{"j:" + r.v.jur, "o:" + r.v.owner, "u:" + r.user}
	var types, scopes []string
	var ids []uuid.UUID
	add := func(t string, id uuid.UUID) {
		for _, k := range keys {
			types, ids, scopes = append(types, t), append(ids, id), append(scopes, k)
		}
	}
	seen := map[uuid.UUID]bool{}
	var written []mutation
	for _, m := range r.mutations {
		if !seen[m.entity] {
			seen[m.entity] = true
			written = append(written, m)
			add(m.entityType, m.entity)
		}
	}
	for i := 0; len(types) < n; i++ {
		m := written[i%len(written)]
		add(m.entityType, m.entity)
	}
	n = min(n, len(types))
	b.Queue(
		`INSERT INTO change_log (entity_type, entity_id, scope_key) SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[])`,
		types[:n],
		ids[:n],
		scopes[:n],
	)
}

// image is an audit row's after image, about the size of the server's.
func (r *rawDay) image(m mutation) map[string]any {
	switch m.Name {
	case "inspection.answer":
		return map[string]any{"note": "", "answer": m.Args["answer"]}
	case "inspection.submit":
		return map[string]any{"submitted_at": m.CapturedAt}
	}
	img := map[string]any{
		"ID":             m.entity,
		"OwnerID":        r.v.owner,
		"InspectorID":    r.user,
		"JurisdictionID": r.v.jur,
		"Version":        1,
		"CreatedAt": time.Now().
			UTC(),
		"UpdatedAt": time.Now().UTC(),
		"DeletedAt": nil,
		"Stamps":    map[string]any{"status": r.stamp(m)},
	}
	for k, v := range m.Args {
		img[k] = v
	}
	switch m.Name {
	case "inspection.start":
		for k, v := range map[string]any{
			"Lat": nil, "Lon": nil, "Notes": "", "Status": "draft", "Outcome": map[string]any{}, "DeviceID": r.device,
			"RuleSetID": r.ruleSet, "StartedAt": m.CapturedAt, "StartedRaw": m.CapturedRaw,
			"TimeFlags":  []string{"before_registration"},
			"ApprovedAt": nil, "CargoTonnes": nil, "SubmittedAt": nil, "EvidenceTotal": 0, "ReviewComment": "",
			"TimeConfirmedBy": nil, "WithdrawnReason": "", "EvidenceVerified": 0, "DetentionProposed": false,
			"PassengersCarried": nil, "ChangedAfterSubmission": false,
		} {
			img[k] = v
		}
	case "finding.record":
		img["Stamps"] = map[string]any{"code": r.stamp(m), "note": r.stamp(m)}
		for k, v := range map[string]any{
			"Action": "", "Source": "inspector", "DueDate": nil, "DueKind": "", "Persons": 0,
			"Sources":  []string{"inspector"},
			"PartyRef": "", "Rectified": false, "Detainable": false, "PenaltyRow": "", "LiableParty": "",
			"RectifiedAt": nil, "InspectionID": r.inspection, "RequestedAction": "", "RectificationNote": "",
		} {
			img[k] = v
		}
	case "photo.attach":
		img["Stamps"] = map[string]any{"caption": r.stamp(m)}
		for k, v := range map[string]any{
			"State": "pending_upload", "Caption": "", "FindingID": nil, "CapturedAt": nil, "UploadedBy": r.user,
		} {
			img[k] = v
		}
	}
	return img
}

// queueDerived queues rows of the shape and number the rules derive from
// the day on the push: derived findings, the owner as liable party (once
// per owner), an offence and a penalty per penalised finding, and the
// inspection's outcome. The raw writer computes none of them; it only
// writes them.
func (r *rawDay) queueDerived(b *pgx.Batch, n derivedShape) {
	for i := 0; i < n.findings; i++ {
		b.Queue(`INSERT INTO findings (id, inspection_id, code, source, sources, action, due_kind, detainable, liable_party,
				penalty_row, jurisdiction_id, owner_id, inspector_id)
			VALUES ($1, $2, '07003', 'checklist', '["checklist"]', '17', 'before_sailing', true, 'owner', 'KA-F04', $3, $4, $5)`,
			uuid.Must(uuid.NewV7()), r.inspection, r.v.jur, r.v.owner, r.user)
	}
	b.Queue(`INSERT INTO liable_parties (id, kind, ref, owner_id) VALUES ($1, 'owner', $2, $3)
		ON CONFLICT (kind, ref) DO NOTHING`,
		uuid.NewSHA1(uuid.NameSpaceOID, []byte("loadgen-raw:"+r.v.owner)), r.v.owner, r.v.owner)
	for i := 0; i < n.offences; i++ {
		oid := uuid.Must(uuid.NewV7())
		b.Queue(`INSERT INTO offences (id, party_id, penalty_row, inspection_id, vessel_id, occurred_at, rule_set_id,
				jurisdiction_id, owner_id, inspector_id)
			SELECT $1, id, 'KA-F04', $2, $3, now(), $4, $5, $6, $7 FROM liable_parties WHERE kind = 'owner' AND ref = $8`,
			oid, r.inspection, r.v.id, r.ruleSet, r.v.jur, r.v.owner, r.user, r.v.owner)
		b.Queue(`INSERT INTO penalties (id, offence_id, party_id, inspection_id, penalty_row, level, unit_amount, amount,
				rule_set_id, jurisdiction_id, owner_id, inspector_id)
			SELECT $1, id, party_id, $2, 'KA-F04', 1, 5000, 5000, $3, $4, $5, $6 FROM offences WHERE id = $7`,
			uuid.Must(uuid.NewV7()), r.inspection, r.ruleSet, r.v.jur, r.v.owner, r.user, oid)
	}
	b.Queue(
		`UPDATE inspections SET detention_proposed = true, outcome = $2 WHERE id = $1`,
		r.inspection,
		map[string]any{
			"rule_set":     r.ruleSet,
			"deficiencies": n.findings,
			"detention":    map[string]any{"proposed": true, "codes": []string{"07003"}},
			"penalties":    []map[string]any{{"row": "KA-F04", "amount": 5000}},
		},
	)
}
