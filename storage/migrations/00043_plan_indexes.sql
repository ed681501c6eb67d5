-- Indexes the inspection plan (docs/PLAN.md) reads a vessel's history by:
-- its detention orders and its offences in the last 36 months. Without
-- them each is a sequential scan of a table that grows with time.
-- +goose Up
CREATE INDEX detention_orders_vessel ON detention_orders (vessel_id, ordered_at) WHERE deleted_at IS NULL;
CREATE INDEX offences_vessel ON offences (vessel_id, occurred_at) WHERE deleted_at IS NULL;

-- +goose Down
DROP INDEX offences_vessel;
DROP INDEX detention_orders_vessel;
