package api

// TestRoute is one row of the route table as the route-walk tests see it.
type TestRoute struct {
	Method, Path   string
	ConnectionAuth bool // a connection's token (sandbox, external API)
}

// TestRoutes lists the route table.
func (a *API) TestRoutes() []TestRoute {
	var out []TestRoute
	for _, rt := range a.routes() {
		out = append(out, TestRoute{rt.method, rt.path, rt.rule.connectionToken || rt.rule.apiToken})
	}
	return out
}
