package locale

import (
	"strings"
	"sync"
)

// The law's wordings that records hold in English as issued (an order's
// authorities, right of appeal, copy list and powers, the inspection
// actions, the Sch-IV detention charges, the Sch-IV repeat note a
// penalty's change cites) have paper.law.* messages whose English is the
// wording itself: LawText says such a wording in a reader's language.

// lawMessages are the paper.law.* messages.
var lawMessages = []string{
	"paper.law.ka_authority", "paper.law.ka_appellate", "paper.law.ka_appeal_rule", "paper.law.ka_enclosure",
	"paper.law.ka_copy_master", "paper.law.ka_copy_state", "paper.law.ka_copy_class",
	"paper.law.ka_powers", "paper.law.ka_release_power", "paper.law.ka_repeat_note", "paper.law.ka_sch_x",
	"paper.law.ka_annex_accommodation", "paper.law.ka_annex_equipment", "paper.law.ka_annex_freeboard",
	"paper.law.ka_annex_machinery", "paper.law.ka_annex_navigation",
	"paper.law.action_11", "paper.law.action_12", "paper.law.action_13", "paper.law.action_14", "paper.law.action_15",
	"paper.law.charge_visit", "paper.law.charge_holding", "paper.law.charge_towing", "paper.law.charge_guard",
	"paper.law.charge_rule_1", "paper.law.charge_rule_2", "paper.law.charge_rule_3",
}

var (
	lawOnce sync.Once
	lawIDs  map[string]string // the English of each paper.law.* message → its id
)

// LawID is the paper.law.* message whose English is text, "" for a text
// none says.
func (c *Catalogue) LawID(text string) string {
	lawOnce.Do(func() {
		lawIDs = map[string]string{}
		for _, id := range lawMessages {
			if en, err := c.Text(English, id, nil); err == nil {
				lawIDs[strings.TrimSpace(en)] = id
			}
		}
	})
	return lawIDs[strings.TrimSpace(text)]
}

// LawText is text, a wording of the law a record holds in English, in
// lang: its paper.law.* message; text itself in English or where no
// message says it (a wording since changed, an officer's own words).
func (c *Catalogue) LawText(lang, text string) string {
	if Resolve(lang) == English || text == "" {
		return text
	}
	id := c.LawID(text)
	if id == "" {
		return text
	}
	s, err := c.Text(lang, id, nil)
	if err != nil {
		return text
	}
	return s
}
