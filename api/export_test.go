package api

// TestRoute is one row of the route table as the route-walk tests see it.
type TestRoute struct {
	Method, Path   string
	ConnectionAuth bool   // a connection's token (sandbox, external API)
	Super          bool   // the platform operator only
	PlanFlag       string // the plan flag the company needs
}

// TestRoutes lists the route table.
func (a *API) TestRoutes() []TestRoute {
	var out []TestRoute
	for _, rt := range a.routes() {
		out = append(out, TestRoute{rt.method, rt.path, rt.rule.connectionToken || rt.rule.apiToken,
			rt.rule.super, rt.rule.planFlag})
	}
	return out
}
