package api

import (
	"atende/pkg/company"
	"atende/pkg/user"
)

// access is a route's permission rule, declared in the route table.
type access struct {
	public       bool   // no sign-in
	admin        bool   // profile admin (or super)
	super        bool   // the platform operator
	adminToggle  string // a per-user toggle that lets a profile user act as admin here
	planFlag     string // a plan flag the company needs
	allowExpired bool   // reachable with an expired subscription (sign-in, billing)
	// connectionToken routes take a connection's bearer token or a signed-in user of its
	// company (the sandbox channel).
	connectionToken bool
	// apiToken routes take only a connection's bearer token (the external API).
	apiToken bool
	// maxBody is the route's body limit when it takes more than JSONMaxBytes (a large JSON).
	maxBody int64
	// maxUpload is the limit of the route's multipart bodies (uploads); its other bodies
	// keep maxBody or JSONMaxBytes, so a JSON body is never read at an upload's size.
	maxUpload int64
}

var (
	public   = access{public: true}
	signedIn = access{}
	admin    = access{admin: true}
	super    = access{super: true}

	sandboxAuth = access{connectionToken: true}
	// externalAPI: a connection's token, on a plan with useExternalApi.
	externalAPI = access{apiToken: true, planFlag: "useExternalApi"}

	// schedules: any signed-in user of a company whose plan has useSchedules.
	schedules = signedIn.needsPlan("useSchedules")
	// campaigns: any signed-in user of a company whose plan has useCampaigns (the campaign
	// dialog's contact-list select); campaignsAdmin: admins only (spec/3 §6: profile users
	// are blocked from campaigns, their settings and contact list items).
	campaigns      = signedIn.needsPlan("useCampaigns")
	campaignsAdmin = admin.needsPlan("useCampaigns")

	// prompts: AI prompts, admins of companies whose plan has useOpenAi (spec/3 §6).
	prompts = admin.needsPlan("useOpenAi")

	// internalChat: any signed-in user of a company whose plan has useInternalChat.
	internalChat = signedIn.needsPlan("useInternalChat")

	// reports: the managers' report, for admins and users with showDashboard.
	reports = admin.orToggle("showDashboard")
	// kanbanBoard: any signed-in user of a company whose plan has useKanban.
	kanbanBoard = signedIn.needsPlan("useKanban")

	// manageConnections: admins, and profile users with allowConnections (spec/2 §6).
	manageConnections = admin.orToggle("allowConnections")
	// dashboardView: admins, and profile users with showDashboard (spec/1 §6).
	dashboardView = admin.orToggle("showDashboard")
	// realTime: the /moments panel, admins and profile users with allowRealTime.
	realTime = admin.orToggle("allowRealTime")
)

// orToggle lets a profile user with toggle enabled pass an admin rule.
func (r access) orToggle(toggle string) access { r.adminToggle = toggle; return r }

// needsPlan adds a plan flag requirement.
func (r access) needsPlan(flag string) access { r.planFlag = flag; return r }

// upTo lets the route's body reach n bytes instead of JSONMaxBytes.
func (r access) upTo(n int64) access { r.maxBody = n; return r }

// uploadsUpTo lets the route's multipart bodies reach n bytes.
func (r access) uploadsUpTo(n int64) access { r.maxUpload = n; return r }

// expiredOK lets companies past their due date through.
func (r access) expiredOK() access { r.allowExpired = true; return r }

func (r access) allows(u user.User, c company.Company) bool {
	if r.super && !u.Super {
		return false
	}
	if r.admin && !u.IsAdmin() && !(r.adminToggle != "" && u.On(r.adminToggle)) {
		return false
	}
	if r.planFlag != "" && (c.Plan == nil || !c.Plan.Flag(r.planFlag)) {
		return false
	}
	return true
}
