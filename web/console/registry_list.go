package console

import (
	"net/url"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
)

// listPage is one page of a list of the register: a search box, the
// columns (message ids), the rows and the link to the next page.
type listPage struct {
	Heading     string // message id
	Action      string // where the search form goes
	Query       string
	SearchLabel string // message id
	// SearchOptions, when set, make the search a choice (a certificate's
	// kind) rather than text.
	SearchOptions []option
	NewHref       string // "" when the person may not create
	NewLabel      string // message id
	Columns       []string
	Rows          []row
	Next          string
	Empty         string // message id
}

// row is one row of a list; the first cell links to the record.
type row struct{ Cells []fact }

// listOptions are the paging parameters of a list page (the one pager's
// cursor and page size).
func listOptions(ctx *fiber.Ctx) registry.ListOptions {
	return registry.ListOptions{Cursor: ctx.Query("cursor"), Limit: pageSize}
}

// pageSize is how many rows a page of the console shows.
const pageSize = 50

// nextHref is the link to the page after cursor, keeping the search.
func nextHref(path, cursor string, keep url.Values) string {
	if cursor == "" {
		return ""
	}
	q := url.Values{}
	for k, v := range keep {
		if len(v) > 0 && v[0] != "" {
			q[k] = v
		}
	}
	q.Set("cursor", cursor)
	return path + "?" + q.Encode()
}

// jurisdictionOptions are the jurisdictions the person may register in:
// their own, or every one for an admin.
func (c *Console) jurisdictionOptions(ctx *fiber.Ctx, sc models.Scope) ([]option, map[uuid.UUID]string, error) {
	page, err := c.d.Registry.ListJurisdictions(ctx.UserContext(), registry.ListOptions{Limit: 500})
	if err != nil {
		return nil, nil, err
	}
	var out []option
	names := map[uuid.UUID]string{}
	for _, j := range page.Items {
		names[j.ID] = j.Name
		if sc.CanJurisdiction(j.ID) {
			out = append(out, option{Value: j.ID.String(), Label: j.Name})
		}
	}
	return out, names, nil
}

// showPage is a record's page: its particulars, what belongs to it, and
// the actions the person's role may take.
type showPage struct {
	Heading      string // message id
	Name         string
	Kind         string // a certificate's kind, named before its Name (web.View.Name)
	Facts        []fact
	EditHref     string
	DeleteAction string
	Version      int64
	Sections     []section
}

// section is a short list on a record's page (a vessel's certificates).
type section struct {
	Heading string // message id
	Columns []string
	Rows    []row
	More    string
	NewHref string
}
