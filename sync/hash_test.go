package sync_test

import (
	"testing"

	tsync "github.com/tindal/tindal/sync"
)

// RFC 8785 canonical JSON: member order by UTF-16 code units, ES6 number
// forms, JSON.stringify string escapes.
func TestCanonical(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"whitespace and order", ` { "b" : 1, "a" : [true, null, "x"] } `, `{"a":[true,null,"x"],"b":1}`},
		{"numbers (RFC 8785 §3.2.2.3)", `[1.0, 1e21, 1e-7, 0.000001, -0, 123456789012345680000, 4.5, 2e-3, 1E2]`,
			`[1,1e+21,1e-7,0.000001,0,123456789012345680000,4.5,0.002,100]`},
		{"escapes", `"\u0041\u00e9\u2028\t\u001f\/"`, "\"Aé\u2028\\t\\u001f/\""},
		{"utf-16 key order", `{"\u20ac":1,"\ud83d\ude00":2,"a":3}`, "{\"a\":3,\"€\":1,\"😀\":2}"},
	}
	for _, c := range cases {
		got, err := tsync.Canonical([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s: Canonical(%s) = %s, %v; want %s", c.name, c.in, got, err, c.want)
		}
	}
}

func TestRequestHashIgnoresFormattingNotValues(t *testing.T) {
	base := int64(3)
	at := "2026-01-02T03:04:05Z"
	a := tsync.Mutation{Name: "inspection.answer", Version: 1, Args: []byte(`{"item_id":"x","answer":"no"}`), BaseVersion: &base, CapturedAt: &at}
	b := a
	b.Args = []byte(` { "answer" : "no" , "item_id" : "x" } `)
	c := a
	c.Args = []byte(`{"item_id":"x","answer":"yes"}`)
	ha, _ := tsync.RequestHash(a)
	hb, _ := tsync.RequestHash(b)
	hc, _ := tsync.RequestHash(c)
	if string(ha) != string(hb) || string(ha) == string(hc) {
		t.Fatal("hash must depend on values only")
	}
}
