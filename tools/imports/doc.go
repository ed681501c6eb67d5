// Package imports holds TestImportRules, which checks that every package of
// the module imports only what docs/ARCHITECTURE.md ("Import rules") allows.
// It has no code of its own.
package imports
