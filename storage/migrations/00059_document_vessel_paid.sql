-- What the public check of a printed code (GET /v/{code}) says beside a
-- document's status: the vessel it is about (registration and name, both
-- painted on the hull; no personal data), so that a passenger or official
-- can tell which boat a paper belongs to; and that a penalty notice is
-- paid, with the date, once nothing is due on it.
--
-- documents.vessel_id is filled when a document is issued; existing rows
-- take it from their detention order (detention and release orders name
-- the order's id) or from their notice (a notice's code names the revision
-- "<number> revision <n>" of the same office).

-- +goose Up
ALTER TABLE documents ADD COLUMN vessel_id uuid REFERENCES vessels (id);
UPDATE documents d SET vessel_id = o.vessel_id FROM detention_orders o
    WHERE d.kind IN ('detention_order', 'release_order') AND o.id = d.ref_id;
UPDATE documents d SET vessel_id = n.vessel_id FROM penalty_notices n
    WHERE d.kind = 'penalty_notice' AND n.jurisdiction_id = d.jurisdiction_id
      AND starts_with(d.number, n.number || ' revision ');
ALTER TABLE documents DROP CONSTRAINT documents_status_check;
ALTER TABLE documents ADD CONSTRAINT documents_status_check
    CHECK (status IN ('valid', 'superseded', 'released', 'paid'));

-- +goose Down
UPDATE documents SET status = 'valid', status_at = issued_at WHERE status = 'paid';
ALTER TABLE documents DROP CONSTRAINT documents_status_check;
ALTER TABLE documents ADD CONSTRAINT documents_status_check
    CHECK (status IN ('valid', 'superseded', 'released'));
ALTER TABLE documents DROP COLUMN vessel_id;
