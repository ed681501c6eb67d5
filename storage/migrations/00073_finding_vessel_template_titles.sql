-- +goose Up
-- A finding names its vessel (FindingRecord.vessel_id in
-- openapi/openapi.yaml): an app that pulls the open findings of its
-- jurisdictions shows them on each vessel's card offline, which the
-- inspection id alone does not allow unless the app holds that inspection.
-- The vessel is always the inspection's, so the database writes it: every
-- writer of findings (the commands, the bulk loaders, a restore) gets it
-- without naming it.
ALTER TABLE findings ADD COLUMN IF NOT EXISTS vessel_id uuid REFERENCES vessels (id);
UPDATE findings f SET vessel_id = i.vessel_id FROM inspections i
    WHERE i.id = f.inspection_id AND f.vessel_id IS DISTINCT FROM i.vessel_id;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION finding_vessel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    SELECT vessel_id INTO NEW.vessel_id FROM inspections WHERE id = NEW.inspection_id;
    RETURN NEW;
END $$;
-- +goose StatementEnd
DROP TRIGGER IF EXISTS finding_vessel ON findings;
CREATE TRIGGER finding_vessel BEFORE INSERT OR UPDATE OF inspection_id, vessel_id ON findings
    FOR EACH ROW EXECUTE FUNCTION finding_vessel();
ALTER TABLE findings ALTER COLUMN vessel_id SET NOT NULL;

-- A checklist template's title in English, Kannada and Hindi
-- (ChecklistTemplate.titles; the items carry their texts in items). The
-- server writes it when it seeds the templates (checklist.Refresh).
ALTER TABLE checklist_templates ADD COLUMN IF NOT EXISTS titles jsonb NOT NULL DEFAULT '{}';
UPDATE checklist_templates SET titles = jsonb_build_object('en', title) WHERE titles = '{}';

-- +goose Down
ALTER TABLE checklist_templates DROP COLUMN IF EXISTS titles;
DROP TRIGGER IF EXISTS finding_vessel ON findings;
DROP FUNCTION IF EXISTS finding_vessel();
ALTER TABLE findings DROP COLUMN IF EXISTS vessel_id;
