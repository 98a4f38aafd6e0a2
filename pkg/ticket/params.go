package ticket

// IDList reads a query parameter of ids: a JSON list ([1,2], ["1"], [{"id":1}]) or a
// comma-separated list; others are skipped.
func IDList(s string) []int64 { return ids(s) }

// WordList reads a query parameter of words the way IDList reads ids.
func WordList(s string) []string { return words(s) }
