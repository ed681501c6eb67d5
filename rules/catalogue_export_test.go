package rules

// MissingTitles lists, for each language other than English, the codes that
// have no title in it yet, in code order. Titles are only written where they
// could be written correctly; the rest wait for a translator.
func MissingTitles() map[string][]Code {
	out := map[string][]Code{LangKannada: {}, LangHindi: {}}
	for _, e := range Catalogue() {
		for lang := range out {
			if e.Title[lang] == "" {
				out[lang] = append(out[lang], e.Code)
			}
		}
	}
	return out
}
