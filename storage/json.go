package storage

import (
	"bytes"
	"encoding/json"
)

// EqualJSON reports whether a and b marshal to the same JSON: whether
// writing b over a stored a would change the stored column (stamps,
// derived fields, penalty flags).
func EqualJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}
