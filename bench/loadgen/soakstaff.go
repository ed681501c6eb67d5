package main

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// soakStaff gives each of n phones an inspector of its own and a boat of
// its own owner, the inspectors spread perJurisdiction to a jurisdiction
// (new Karnataka jurisdictions SOAK-001, SOAK-002, …), as a state's
// inspectors are: each pull then carries its own inspections and the open
// findings of its jurisdiction's few inspectors, not every phone's day.
// The inspectors share the password of -email (its hash is copied) and
// are assigned from 30 days ago. Ids come from the index, so a rerun on
// the same database reuses them. It returns the phones' emails and
// vessels, in phone order.
func soakStaff(
	ctx context.Context,
	pool *pgxpool.Pool,
	like string,
	n, perJurisdiction int,
) ([]string, []string, error) {
	var hash string
	if err := pool.QueryRow(ctx, "SELECT password_hash FROM users WHERE email = $1 AND deleted_at IS NULL",
		like).Scan(&hash); err != nil {
		return nil, nil, fmt.Errorf("the password of %s: %w", like, err)
	}
	emails, vessels := make([]string, n), make([]string, n)
	b := &pgx.Batch{}
	for i := range n {
		j := i / perJurisdiction
		jur := uuid.NewSHA1(fleetNamespace, fmt.Appendf(nil, "soak-jurisdiction-%d", j))
		if i%perJurisdiction == 0 {
			b.Queue(`WITH j AS (INSERT INTO jurisdictions (id, code, name, regime, state)
					VALUES ($1, $2, $3, 'KA-IV-2025', 'Karnataka') ON CONFLICT DO NOTHING RETURNING id)
				INSERT INTO change_log (entity_type, entity_id, scope_key) SELECT 'jurisdiction', id, 'ref' FROM j`,
				jur, fmt.Sprintf("SOAK-%03d", j+1), fmt.Sprintf("Soak jurisdiction %d", j+1))
		}
		user := uuid.NewSHA1(fleetNamespace, fmt.Appendf(nil, "soak-inspector-%d", i))
		emails[i] = fmt.Sprintf("soak-%d@loadgen.tindal", i)
		b.Queue(`WITH u AS (INSERT INTO users (id, email, name, role, password_hash)
				VALUES ($1, $2, $3, 'inspector', $4) ON CONFLICT DO NOTHING RETURNING id)
			INSERT INTO user_jurisdictions (id, user_id, jurisdiction_id, starts_on)
			SELECT $1, id, $5, current_date - 30 FROM u`,
			user, emails[i], fmt.Sprintf("Soak inspector %d", i), hash, jur)
		owner := uuid.NewSHA1(fleetNamespace, fmt.Appendf(nil, "soak-owner-%d", i))
		vessel := uuid.NewSHA1(fleetNamespace, fmt.Appendf(nil, "soak-vessel-%d", i))
		vessels[i] = vessel.String()
		b.Queue(`WITH o AS (INSERT INTO owners (id, kind, name, jurisdiction_id) VALUES ($1, 'person', $3, $5)
				ON CONFLICT (id) DO NOTHING),
			v AS (INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power,
			power_unit, passengers, use, jurisdiction_id, owner_id)
				VALUES ($2, $4, $6, 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', $5, $1)
				ON CONFLICT DO NOTHING RETURNING id)
			INSERT INTO change_log (entity_type, entity_id, scope_key)
			SELECT x.t, x.id, x.k FROM v, (VALUES ('owner', $1::uuid, 'j:' || $5::text), ('owner', $1::uuid, 'o:' || $1::text),
				('vessel', $2::uuid, 'j:' || $5::text), ('vessel', $2::uuid, 'o:' || $1::text)) AS x (t, id, k)`,
			owner, vessel, fmt.Sprintf("Soak owner %d", i), fmt.Sprintf("KA-SK-%05d", i), jur,
			fmt.Sprintf("Soak boat %d", i))
	}
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return tx.SendBatch(ctx, b).Close() }); err != nil {
		return nil, nil, fmt.Errorf("register the soak's inspectors and fleet: %w", err)
	}
	return emails, vessels, nil
}
