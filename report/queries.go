package report

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Service reads the charts' numbers in a caller's scope.
type Service struct {
	db *storage.DB
}

// New returns the report service over db.
func New(db *storage.DB) *Service { return &Service{db: db} }

// Filter is what a chart covers: the months of Period (the jurisdiction
// chart and the fines over the whole period), optionally one
// jurisdiction; Today is the day overdue ages are counted to.
type Filter struct {
	Period         Period
	Today          rules.Date
	JurisdictionID *uuid.UUID
}

// scoping of a table aliased t: the officials of its jurisdiction; owners
// have no reports.
func scoping(t string) storage.Scoping {
	return storage.Scoping{Jurisdiction: t + ".jurisdiction_id IN ?"}
}

// Chart reads one chart in lang. Errors: invalid (an unknown kind).
func (s *Service) Chart(ctx context.Context, sc models.Scope, kind Kind, f Filter, lang string) (Chart, error) {
	switch kind {
	case Deficiencies:
		return s.deficiencies(ctx, sc, f, lang)
	case Inspections:
		return s.inspections(ctx, sc, f, lang)
	case Fines:
		return s.fines(ctx, sc, f, lang)
	case Overdue:
		return s.overdue(ctx, sc, f, lang)
	}
	return Chart{}, models.Invalid(models.FieldError{Field: "chart", Code: "invalid", Message: "not a chart"})
}

// from is table t (aliased a) scoped for sc and narrowed to f's jurisdiction.
func (s *Service) from(ctx context.Context, sc models.Scope, f Filter, table, a string) *gorm.DB {
	q := storage.Scoped(s.db.Gorm.WithContext(ctx).Table(table+" "+a), sc, scoping(a))
	if f.JurisdictionID != nil {
		q = q.Where(a+".jurisdiction_id = ?", *f.JurisdictionID)
	}
	return q
}

// monthIST is the SQL of a timestamp's month in India, "2006-01".
func monthIST(col string) string {
	return "to_char(" + col + " AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM')"
}

type monthCount struct {
	Month string
	Key   string
	N     int64
}

// deficiencies counts findings of submitted and approved inspections by
// the area of their code (rules.Code.Area) and the month of inspection.
func (s *Service) deficiencies(ctx context.Context, sc models.Scope, f Filter, lang string) (Chart, error) {
	var rows []monthCount
	err := s.from(ctx, sc, f, "findings", "f").
		Joins("JOIN inspections i ON i.id = f.inspection_id").
		Where("f.deleted_at IS NULL AND i.deleted_at IS NULL AND i.status IN ('submitted', 'approved')").
		Where("i.started_at >= ? AND i.started_at < ?", f.Period.start(), f.Period.end()).
		Select(monthIST("i.started_at") + " AS month, left(f.code, 2) AS key, count(*) AS n").
		Group("month, key").Scan(&rows).Error
	if err != nil {
		return Chart{}, fmt.Errorf("report deficiencies: %w", err)
	}
	c := frame(Deficiencies, lang, "month", "count")
	c.Stacked = true
	months := f.Period.months()
	for _, m := range months {
		c.Categories = append(c.Categories, monthLabel(c.Lang, m))
	}
	var areas []string
	for _, r := range rows {
		if !slices.Contains(areas, r.Key) {
			areas = append(areas, r.Key)
		}
	}
	slices.Sort(areas)
	for _, a := range areas {
		se := Series{Key: a, Name: label(c.Lang, "area."+a), Values: make([]int64, len(months))}
		for _, r := range rows {
			if i := monthIndex(months, r.Month); r.Key == a && i >= 0 {
				se.Values[i] += r.N
			}
		}
		c.Series = append(c.Series, se)
	}
	return c, nil
}

func monthIndex(months []rules.Date, key string) int {
	return slices.IndexFunc(months, func(m rules.Date) bool { return monthKey(m) == key })
}

// inspections counts submitted and approved inspections started in the
// period and detention orders made in it, per jurisdiction in scope.
func (s *Service) inspections(ctx context.Context, sc models.Scope, f Filter, lang string) (Chart, error) {
	var js []struct {
		ID   uuid.UUID
		Code string
	}
	jq := storage.Scoped(s.db.Gorm.WithContext(ctx).Table("jurisdictions j"), sc,
		storage.Scoping{Jurisdiction: "j.id IN ?"}).Where("j.deleted_at IS NULL")
	if f.JurisdictionID != nil {
		jq = jq.Where("j.id = ?", *f.JurisdictionID)
	}
	if err := jq.Select("j.id, j.code").Order("j.code").Scan(&js).Error; err != nil {
		return Chart{}, fmt.Errorf("report jurisdictions: %w", err)
	}
	count := func(table, a, at, extra string) (map[uuid.UUID]int64, error) {
		var rows []struct {
			JurisdictionID uuid.UUID
			N              int64
		}
		err := s.from(ctx, sc, f, table, a).Where(a+".deleted_at IS NULL"+extra).
			Where(a+"."+at+" >= ? AND "+a+"."+at+" < ?", f.Period.start(), f.Period.end()).
			Select(a + ".jurisdiction_id, count(*) AS n").Group(a + ".jurisdiction_id").Scan(&rows).Error
		out := map[uuid.UUID]int64{}
		for _, r := range rows {
			out[r.JurisdictionID] = r.N
		}
		return out, err
	}
	insp, err := count("inspections", "i", "started_at", " AND i.status IN ('submitted', 'approved')")
	if err != nil {
		return Chart{}, fmt.Errorf("report inspections: %w", err)
	}
	det, err := count("detention_orders", "d", "ordered_at", "")
	if err != nil {
		return Chart{}, fmt.Errorf("report detentions: %w", err)
	}
	c := frame(Inspections, lang, "jurisdiction", "count")
	si := Series{Key: "inspections", Name: label(c.Lang, "series.inspections")}
	sd := Series{Key: "detentions", Name: label(c.Lang, "series.detentions")}
	for _, j := range js {
		c.Categories = append(c.Categories, j.Code)
		si.Values = append(si.Values, insp[j.ID])
		sd.Values = append(sd.Values, det[j.ID])
	}
	c.Series = []Series{si, sd}
	return c, nil
}

// fines sums the penalties of notices served in each month (their amount
// now, after appeals and rises) and the payments received in it.
func (s *Service) fines(ctx context.Context, sc models.Scope, f Filter, lang string) (Chart, error) {
	var imposed, paid []monthCount
	err := s.from(ctx, sc, f, "penalties", "p").
		Where("p.deleted_at IS NULL").
		Where("p.notice_issued_at >= ? AND p.notice_issued_at < ?", f.Period.start(), f.Period.end()).
		Select(monthIST("p.notice_issued_at") + " AS month, sum(p.amount) AS n").Group("month").Scan(&imposed).Error
	if err != nil {
		return Chart{}, fmt.Errorf("report fines imposed: %w", err)
	}
	from, to := dbDate(f.Period.start()), dbDate(f.Period.To.Time())
	err = s.from(ctx, sc, f, "penalty_payments", "y").
		Where("y.paid_on >= ? AND y.paid_on <= ?", from, to).
		Select("to_char(y.paid_on, 'YYYY-MM') AS month, sum(y.amount) AS n").Group("month").Scan(&paid).Error
	if err != nil {
		return Chart{}, fmt.Errorf("report fines collected: %w", err)
	}
	c := frame(Fines, lang, "month", "rupees")
	c.Money = true
	months := f.Period.months()
	si := Series{Key: "imposed", Name: label(c.Lang, "series.imposed"), Values: make([]int64, len(months))}
	sp := Series{Key: "collected", Name: label(c.Lang, "series.collected"), Values: make([]int64, len(months))}
	for i, m := range months {
		c.Categories = append(c.Categories, monthLabel(c.Lang, m))
		for _, r := range imposed {
			if r.Month == monthKey(m) {
				si.Values[i] += r.N
			}
		}
		for _, r := range paid {
			if r.Month == monthKey(m) {
				sp.Values[i] += r.N
			}
		}
	}
	c.Series = []Series{si, sp}
	return c, nil
}

// dbDate is a date as PostgreSQL's date type stores it (midnight UTC).
func dbDate(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Buckets are the age groups of overdue findings, by the most days past
// the due date each holds (the last has no bound).
var Buckets = []struct {
	Key     string
	MaxDays int
}{{"1-30", 30}, {"31-90", 90}, {"91-180", 180}, {"181-365", 365}, {"366+", 0}}

// bucketOf is the index of the bucket of a finding days past its due date.
func bucketOf(days int) int {
	for i, b := range Buckets {
		if b.MaxDays == 0 || days <= b.MaxDays {
			return i
		}
	}
	return len(Buckets) - 1
}

// overdue counts open findings of submitted and approved inspections past
// their due date on f.Today (Karnataka 2025, Sch-IX Form B; r.13), by
// days since the due date.
func (s *Service) overdue(ctx context.Context, sc models.Scope, f Filter, lang string) (Chart, error) {
	var rows []struct {
		Days int
		N    int64
	}
	today := dbDate(f.Today.Time().In(rules.IST))
	err := s.from(ctx, sc, f, "findings", "f").
		Joins("JOIN inspections i ON i.id = f.inspection_id").
		Where("f.deleted_at IS NULL AND NOT f.rectified AND f.due_date < ?", today).
		Where("i.deleted_at IS NULL AND i.status IN ('submitted', 'approved')").
		Select("(?::date - f.due_date) AS days, count(*) AS n", today).Group("days").Scan(&rows).Error
	if err != nil {
		return Chart{}, fmt.Errorf("report overdue findings: %w", err)
	}
	c := frame(Overdue, lang, "age", "count")
	se := Series{Key: "findings", Name: label(c.Lang, "series.findings"), Values: make([]int64, len(Buckets))}
	for _, b := range Buckets {
		c.Categories = append(c.Categories, label(c.Lang, "bucket."+b.Key))
	}
	for _, r := range rows {
		se.Values[bucketOf(r.Days)] += r.N
	}
	c.Series = []Series{se}
	return c, nil
}
