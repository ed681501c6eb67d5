-- A non-mechanised boat carrying dangerous goods or flammable liquids other
-- than for its domestic use is Category A, whatever its passengers and
-- cargo (Karnataka 2025, r.102 Note): the register records it so that the
-- category, the manning (r.124) and compliance follow from it.
-- +goose Up
ALTER TABLE vessels ADD COLUMN dangerous_goods boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE vessels DROP COLUMN dangerous_goods;
