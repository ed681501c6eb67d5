package document

import "github.com/tindal/tindal/locale"

// An order holds the law's wordings as it was issued, in English (its
// authorities, the right of appeal, the copy list, the powers it is made
// under, the inspection actions and the charges). Record prints such a
// wording in the page's language (locale.Catalogue.LawText).

// Record is text, a wording of the law an order holds in English, in the
// page's language.
func (x *texts) Record(text string) string {
	if x.lang == locale.English {
		return text
	}
	if id := locale.Default().LawID(text); id != "" {
		return x.L(id)
	}
	return text
}

// Records is each of texts in the page's language (Record).
func (x *texts) Records(texts []string) []string {
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = x.Record(t)
	}
	return out
}
