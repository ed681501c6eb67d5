-- The record of a checklist answer (issue 15): what the form records for
-- the item besides yes/no, by the names the template version gives it
-- (Karnataka 2025, Sch-I Annex to Form-2: number or type, condition,
-- location). Sent with inspection.answer v3; NULL when none was given. It
-- is part of the answer row, one unit of edit with answer and note.
-- +goose Up
ALTER TABLE inspection_answers ADD COLUMN record jsonb
    CHECK (record IS NULL OR jsonb_typeof(record) = 'object');

-- +goose Down
ALTER TABLE inspection_answers DROP COLUMN record;
