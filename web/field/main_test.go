package field_test

import (
	"testing"

	"github.com/tindal/tindal/web/webtest"
)

// TestMain shares one browser among the package's tests.
func TestMain(m *testing.M) { webtest.Main(m) }
