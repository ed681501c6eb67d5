-- Each jurisdiction's papers speak for its own authority (docs/LAW.md §12, "Whose papers"):
-- the authority's name, the office's address and its opening hours, each in
-- English, Kannada and Hindi, as {"authority": {"en": …, "kn": …, "hi": …},
-- "address": {…}, "hours": {…}}. Empty means the regime's default
-- (rules.AuthorityFor and the locale catalogue's authority.* texts; under
-- Karnataka 2025 the deployment's TINDAL_AUTHORITY* settings).

-- +goose Up
ALTER TABLE jurisdictions ADD COLUMN office jsonb NOT NULL DEFAULT '{}'::jsonb
    CHECK (jsonb_typeof(office) = 'object');

-- +goose Down
ALTER TABLE jurisdictions DROP COLUMN office;
