package document

import (
	"strings"
	"sync"

	"github.com/tindal/tindal/locale"
)

// An order holds the law's wordings as it was issued, in English (its
// authorities, the right of appeal, the copy list, the powers it is made
// under, the inspection actions and the charges). Record prints such a
// wording in the page's language: the paper.law.* message whose English
// is the order's text; the text as issued where no message says it (an
// order issued under a wording since changed, the officer's own words).

var (
	recordOnce sync.Once
	recordIDs  map[string]string // the English of each paper.law.* message → its id
)

// recordMessages are the paper.law.* messages: the wordings of Karnataka
// 2025, Sch-IX Annex-1 and Annex-2 (detention/detention.go), the
// inspection actions (rules.InspectionActionTitles) and the Sch-IV
// detention charges (rules/fee_karnataka.go).
var recordMessages = []string{
	"paper.law.ka_authority", "paper.law.ka_appellate", "paper.law.ka_appeal_rule", "paper.law.ka_enclosure",
	"paper.law.ka_copy_master", "paper.law.ka_copy_state", "paper.law.ka_copy_class",
	"paper.law.ka_powers", "paper.law.ka_release_power",
	"paper.law.action_11", "paper.law.action_12", "paper.law.action_13", "paper.law.action_14", "paper.law.action_15",
	"paper.law.charge_visit", "paper.law.charge_holding", "paper.law.charge_towing", "paper.law.charge_guard",
	"paper.law.charge_rule_1", "paper.law.charge_rule_2", "paper.law.charge_rule_3",
}

// Record is text, a wording of the law an order holds in English, in the
// page's language.
func (x *texts) Record(text string) string {
	id := recordID(x.lang, text)
	if id == "" {
		return text
	}
	return x.L(id)
}

// LawText is text, a wording of the law an order holds in English, in lang
// (en, kn or hi), as a paper prints it; text itself where no message says
// it. The console's page of an order prints it so.
func LawText(lang, text string) string {
	id := recordID(locale.Resolve(lang), text)
	if id == "" {
		return text
	}
	if s, err := locale.Default().Text(lang, id, nil); err == nil {
		return s
	}
	return text
}

// recordID is the paper.law.* message whose English is text, "" in
// English or for a text none says.
func recordID(lang, text string) string {
	if lang == locale.English || text == "" {
		return ""
	}
	recordOnce.Do(func() {
		recordIDs = map[string]string{}
		for _, id := range recordMessages {
			if en, err := locale.Default().Text(locale.English, id, nil); err == nil {
				recordIDs[strings.TrimSpace(en)] = id
			}
		}
	})
	return recordIDs[strings.TrimSpace(text)]
}

// Records is each of texts in the page's language (Record).
func (x *texts) Records(texts []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = x.Record(t)
	}
	return out
}
