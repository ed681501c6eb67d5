package rules

// RuleSetFor is For on the registry with default settings.
func RuleSetFor(regime Regime, on Date) (*RuleSet, error) {
	return NewRegistry(RegistrySettings{}).For(regime, on)
}

// RuleSetByID is ByID on the registry with default settings. The ID names
// the version, so an old inspection gets the rules it was judged by.
func RuleSetByID(id string) (*RuleSet, error) {
	return NewRegistry(RegistrySettings{}).ByID(id)
}
