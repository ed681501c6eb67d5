-- Each jurisdiction is paid into its own account: the UPI payee of its penalty
-- notices' payment requests (upi://pay pa and pn, NPCI UPI linking
-- specification), as {"vpa": …, "name": …}. NULL: the office takes no UPI
-- payments, and its notices say to pay at the office. Before this column one
-- deployment-wide payee (TINDAL_UPI_PAYEE) was asked for every office's
-- notices, so a Mangaluru owner was asked to pay Karwar's account; that
-- setting is gone, and each office's payee is set on its jurisdiction.

-- +goose Up
ALTER TABLE jurisdictions ADD COLUMN upi_payee jsonb
    CHECK (upi_payee IS NULL OR (jsonb_typeof(upi_payee) = 'object'
        AND jsonb_typeof(upi_payee -> 'vpa') = 'string' AND upi_payee ->> 'vpa' <> ''
        AND jsonb_typeof(upi_payee -> 'name') = 'string' AND upi_payee ->> 'name' <> ''));

-- +goose Down
ALTER TABLE jurisdictions DROP COLUMN upi_payee;
