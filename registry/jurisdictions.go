package registry

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

const entityJurisdiction = "jurisdiction"

// ListJurisdictions lists live jurisdictions. They are reference data: every
// signed-in user may read them.
func (r *Service) ListJurisdictions(ctx context.Context, opt ListOptions) (Page[models.Jurisdiction], error) {
	q := r.db.Gorm.WithContext(ctx).Model(&models.Jurisdiction{})
	return page(q, opt, func(j models.Jurisdiction) uuid.UUID { return j.ID })
}

// GetJurisdiction returns a live jurisdiction.
func (r *Service) GetJurisdiction(ctx context.Context, id uuid.UUID) (models.Jurisdiction, error) {
	return loadJurisdiction(r.db.Gorm.WithContext(ctx), id, "")
}

// CreateJurisdiction adds a port or district office.
func (r *Service) CreateJurisdiction(
	ctx context.Context,
	s models.Scope,
	in models.Jurisdiction,
) (models.Jurisdiction, bool, error) {
	if s.Access != models.AccessAll {
		return in, false, forbidden(entityJurisdiction)
	}
	if err := cleanOffice(&in.Office); err != nil {
		return in, false, err
	}
	if err := cleanPayee(&in.UPIPayee); err != nil {
		return in, false, err
	}
	in.ID = newID(&in.ID)
	return create(ctx, r, s, entityJurisdiction, in.ID, r.getJurisdictionScoped, &in, func(tx *storage.Tx) error {
		in.Version = 1
		if err := tx.DB.Create(&in).Error; err != nil {
			return storage.MapError(err, entityJurisdiction)
		}
		tx.Changed(entityJurisdiction, in.ID, storage.ScopeReference)
		return tx.Audit("create", entityJurisdiction, in.ID, nil, in)
	})
}

// JurisdictionPatch lists what may change; nil means keep.
type JurisdictionPatch struct {
	Name  *string
	State *string
	// Office's parts that are set replace the stored parts whole (an
	// empty part clears it back to the regime's default).
	Office *OfficePatch
	// UPIPayee, when set, replaces the payee; the zero payee clears it
	// (the office then takes no UPI payments).
	UPIPayee *models.UPIPayee
}

// OfficePatch is the parts of a jurisdiction's office a patch replaces;
// nil keeps a part.
type OfficePatch struct {
	Authority, Address, Hours *models.Texts
}

// UpdateJurisdiction renames a jurisdiction. Its code and regime are fixed:
// inspections are judged by the regime they were started under.
func (r *Service) UpdateJurisdiction(
	ctx context.Context,
	s models.Scope,
	id uuid.UUID,
	version int64,
	p JurisdictionPatch,
) (models.Jurisdiction, error) {
	if s.Access != models.AccessAll {
		return models.Jurisdiction{}, forbidden(entityJurisdiction)
	}
	all := func(q *gorm.DB) *gorm.DB { return q }
	ref := func(models.Jurisdiction) []string { return []string{storage.ScopeReference} }
	return update(ctx, r, s, entityJurisdiction, id, version, all, ref, func(_ *storage.Tx, j *models.Jurisdiction) error {
		set(&j.Name, p.Name)
		set(&j.State, p.State)
		if o := p.Office; o != nil {
			set(&j.Office.Authority, o.Authority)
			set(&j.Office.Address, o.Address)
			set(&j.Office.Hours, o.Hours)
		}
		set(&j.UPIPayee, p.UPIPayee)
		if err := cleanPayee(&j.UPIPayee); err != nil {
			return err
		}
		return cleanOffice(&j.Office)
	}, nil)
}

// officeLanguages are the languages an office's texts are given in.
var officeLanguages = []string{"en", "kn", "hi"}

// cleanOffice trims an office's texts, drops the empty ones, and refuses
// a part given without its English text (the language of record, which
// the other languages fall back to) or in another language: 422 naming
// the field, such as office.address.en.
func cleanOffice(o *models.Office) error {
	var errs []models.FieldError
	for _, part := range []struct {
		name string
		t    *models.Texts
	}{{"authority", &o.Authority}, {"address", &o.Address}, {"hours", &o.Hours}} {
		clean := models.Texts{}
		for lang, text := range *part.t {
			field := "office." + part.name + "." + lang
			switch text = strings.TrimSpace(text); {
			case !slices.Contains(officeLanguages, lang):
				errs = append(errs, models.FieldError{Field: field, Code: "unknown", Message: "languages are en, kn and hi"})
			case utf8.RuneCountInString(text) > 300:
				errs = append(errs, models.FieldError{Field: field, Code: "too_long", Message: "at most 300 characters"})
			case text != "":
				clean[lang] = text
			}
		}
		if len(clean) > 0 && clean["en"] == "" {
			errs = append(errs, models.FieldError{Field: "office." + part.name + ".en", Code: "required",
				Message: "given in English, the language of record, whenever given in another language"})
		}
		if len(clean) == 0 {
			clean = nil
		}
		*part.t = clean
	}
	if len(errs) > 0 {
		return models.Invalid(errs...)
	}
	return nil
}

// upiVPA is a UPI virtual payment address as banks issue them: a handle
// and the bank's, name@bank (NPCI: letters, digits, dot, hyphen,
// underscore before the @; letters after it).
var upiVPA = regexp.MustCompile(`^[A-Za-z0-9._-]{2,200}@[A-Za-z][A-Za-z0-9.-]{1,50}$`)

// cleanPayee trims a jurisdiction's UPI payee and refuses one given in
// part or not as a payer's app takes it: 422 naming upi_payee.vpa or
// upi_payee.name. Both empty is no payee.
func cleanPayee(p *models.UPIPayee) error {
	p.VPA, p.Name = strings.TrimSpace(p.VPA), strings.TrimSpace(p.Name)
	if p.VPA == "" && p.Name == "" {
		return nil
	}
	var errs []models.FieldError
	if !upiVPA.MatchString(p.VPA) {
		errs = append(errs, models.FieldError{Field: "upi_payee.vpa", Code: "upi_vpa_format",
			Message: "a UPI address, name@bank"})
	}
	switch n := utf8.RuneCountInString(p.Name); {
	case n == 0:
		errs = append(errs, models.FieldError{Field: "upi_payee.name", Code: "required",
			Message: "the name the payer's app shows, with the address"})
	case n > 99 || strings.ContainsFunc(p.Name, unicode.IsControl):
		errs = append(errs, models.FieldError{Field: "upi_payee.name", Code: "upi_name_format",
			Message: "at most 99 characters, on one line"})
	}
	if len(errs) > 0 {
		return models.Invalid(errs...)
	}
	return nil
}

// moveTo moves a record to another jurisdiction, one the caller must hold.
func (r *Service) moveTo(tx *storage.Tx, s models.Scope, what string, current *uuid.UUID, to *uuid.UUID) error {
	if to == nil || *to == *current {
		return nil
	}
	if !s.CanJurisdiction(*to) {
		return forbidden(what)
	}
	if _, err := loadJurisdiction(tx.DB, *to, "jurisdiction_id"); err != nil {
		return err
	}
	*current = *to
	return nil
}

func loadJurisdiction(db *gorm.DB, id uuid.UUID, field string) (models.Jurisdiction, error) {
	var j models.Jurisdiction
	err := db.Where("id = ?", id).Take(&j).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		if field != "" {
			return j, models.Invalid(models.FieldError{Field: field, Code: "not_found", Message: "no such jurisdiction"})
		}
		return j, models.NotFound(entityJurisdiction)
	}
	if err != nil {
		return j, fmt.Errorf("load jurisdiction: %w", err)
	}
	return j, nil
}

// referenceInScope loads the row a write refers to (into dst) through the
// caller's scope. An id outside the scope is answered exactly as an id that
// does not exist, a not_found error on the field: a write may neither
// attach to another jurisdiction's records (a Karwar registrar giving a
// vessel to a Paradip owner) nor confirm that they exist.
func referenceInScope(db *gorm.DB, scope func(*gorm.DB) *gorm.DB, dst any, id uuid.UUID, field, what string) error {
	err := scope(db).Where("id = ?", id).Take(dst).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return models.Invalid(models.FieldError{Field: field, Code: "not_found", Message: "no such " + what})
	}
	if err != nil {
		return fmt.Errorf("load %s: %w", what, err)
	}
	return nil
}

// ownerInScope checks that the owner a vessel is given to is one the
// caller may see.
func ownerInScope(db *gorm.DB, s models.Scope, id uuid.UUID) error {
	var o models.Owner
	return referenceInScope(db, ownerScope(s), &o, id, "owner_id", "owner")
}

// getJurisdictionScoped adapts GetJurisdiction (reference data, no scope)
// to the shape create needs.
func (r *Service) getJurisdictionScoped(
	ctx context.Context,
	_ models.Scope,
	id uuid.UUID,
) (models.Jurisdiction, error) {
	return r.GetJurisdiction(ctx, id)
}
