-- Which vessels a checklist template version applies to (kinds,
-- categories, zones and the rule that limits them): inspection.start refuses
-- any other, and the pull carries it with the template so the app offers
-- only the templates that fit a vessel (docs/SYNC.md, Checklist templates).
-- Items stay immutable; the fit and retired_at are refreshed by the seed.

-- +goose Up
ALTER TABLE checklist_templates ADD COLUMN fit jsonb NOT NULL DEFAULT '{}'::jsonb;

-- +goose Down
ALTER TABLE checklist_templates DROP COLUMN fit;
