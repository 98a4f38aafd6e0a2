package api

import (
	"github.com/gin-gonic/gin"

	"atende/pkg/contactimport"
	"atende/pkg/contactlist"
	"atende/pkg/flow"
	"atende/pkg/whitelabel"
)

// route is one row of the route table: every endpoint and who may call it, in one place.
type route struct {
	method  string
	path    string
	rule    access
	handler gin.HandlerFunc
}

func (a *API) routes() []route {
	return []route{
		// Session (spec/1 §7 Auth; spec/3 password reset and signup)
		{"POST", "/auth/login", public, a.login},
		{"POST", "/auth/refresh_token", public, a.refreshToken},
		{"DELETE", "/auth/logout", signedIn.expiredOK(), a.logout},
		{"GET", "/auth/me", signedIn.expiredOK(), a.me},
		{"POST", "/auth/signup", public, a.signup},
		{"POST", "/forgetpassword/:email", public, a.forgotPassword},
		{"POST", "/resetpasswords/:email/:token/:password", public, a.resetPassword},
		{"GET", "/version", public, a.version},
		{"GET", "/plans/list", public, a.publicPlans},

		// Users (spec/2 Users)
		{"GET", "/users/", admin, a.listUsers},
		{"GET", "/users", admin, a.listUsers},
		{"GET", "/users/list", signedIn, a.allUsers},
		{"GET", "/users/:id", signedIn, a.getUser},
		{"POST", "/users", admin, a.createUser},
		{"PUT", "/users/:id", signedIn, a.updateUser},
		{"DELETE", "/users/:id", admin, a.deleteUser},
		{"POST", "/users/:id/media-upload", signedIn.uploadsUpTo(AvatarMaxBytes + formOverhead), a.uploadUserImage},
		{"PUT", "/users/toggleChangeWidht/:userId", signedIn, a.setTicketsWidth},

		// Settings (spec/2 Settings)
		{"GET", "/settings", admin, a.listSettings},
		{"PUT", "/settings/:key", admin, a.updateSetting},
		{"GET", "/setting/:key", signedIn, a.getSetting},
		{"GET", "/public-settings/:key", public, a.publicSetting},
		{"GET", "/companySettings/:companyId", signedIn, a.companySettings},
		{"GET", "/companySettingOne", signedIn, a.companySettingOne},
		{"GET", "/companySettingOne/", signedIn, a.companySettingOne},
		{"PUT", "/companySettings", admin, a.updateCompanySetting},
		{"POST", "/settings-whitelabel/logo", super.uploadsUpTo(whitelabel.MaxBytes + formOverhead), a.uploadWhitelabel},
		{"DELETE", "/settings-whitelabel/logo", super, a.clearWhitelabel},
		{"GET", "/public/whitelabel/:name", public, a.whitelabelFile},
		{"GET", "/companies/:id/schedules", admin, a.companyHours},
		{"PUT", "/companies/:id/schedules", admin, a.updateCompanyHours},

		// Companies and plans (spec/2, the platform operator)
		{"GET", "/companies", super, a.listCompanies},
		{"GET", "/companies/", super, a.listCompanies},
		{"GET", "/companies/list", super, a.listCompanies},
		{"GET", "/companiesPlan", super, a.pageCompanies},
		{"GET", "/companiesPlan/", super, a.pageCompanies},
		{"GET", "/companies/listPlan/:id", signedIn, a.companyPlan},
		{"GET", "/companies/:id", super, a.getCompany},
		{"POST", "/companies", super, a.createCompany},
		{"PUT", "/companies/:id", super, a.updateCompany},
		{"DELETE", "/companies/:id", super, a.deleteCompany},
		{"POST", "/companies/:id/folder", super, a.measureCompanyFolder},
		{"GET", "/plans", super, a.allPlans},
		{"GET", "/plans/", super, a.allPlans},
		{"GET", "/plans/all", super, a.allPlans},
		{"GET", "/plans/:id", super, a.getPlan},
		{"POST", "/plans", super, a.createPlan},
		{"PUT", "/plans/:id", super, a.updatePlan},
		{"DELETE", "/plans/:id", super, a.deletePlan},

		// Tickets, ticket tags, logs and notes (spec/1 §7 Tickets)
		{"GET", "/tickets", signedIn, a.listTickets},
		{"GET", "/tickets/u/:uuid", signedIn, a.openTicket},
		{"GET", "/tickets/:id", signedIn, a.showTicket},
		{"POST", "/tickets", signedIn, a.createTicket},
		{"POST", "/tickets/closeAll", admin, a.closeAllTickets},
		{"PUT", "/tickets/:id", signedIn, a.updateTicket},
		{"DELETE", "/tickets/:id", admin, a.deleteTicket},
		{"PUT", "/ticket-tags/:ticketId/:tagId", signedIn, a.addTicketTag},
		{"DELETE", "/ticket-tags/:ticketId", signedIn, a.removeTicketTags},
		{"GET", "/tickets-log/:ticketId", signedIn, a.ticketLogs},

		// Reports and kanban (spec/3 Reports, Kanban; issue 17)
		{"GET", "/ticketreport/reports", reports, a.ticketReport},
		{"GET", "/ticketreport/reports/export", reports, a.exportTicketReport},
		{"GET", "/tag/kanban", kanbanBoard, a.kanbanLanes},
		{"GET", "/tag/kanban/", kanbanBoard, a.kanbanLanes},
		{"GET", "/ticket/kanban", kanbanBoard, a.kanbanBoard},
		{"POST", "/ticket-notes", signedIn, a.addTicketNote},
		{"GET", "/ticket-notes/list", signedIn, a.listTicketNotes},
		{"DELETE", "/ticket-notes/:id", signedIn, a.deleteTicketNote},

		// Campaigns (spec/3 §7): admins of companies whose plan has campaigns.
		{"GET", "/campaigns", campaignsAdmin, a.listCampaigns},
		{"GET", "/campaigns/", campaignsAdmin, a.listCampaigns},
		{"GET", "/campaigns/:id", campaignsAdmin, a.getCampaign},
		{"POST", "/campaigns", campaignsAdmin, a.createCampaign},
		{"PUT", "/campaigns/:id", campaignsAdmin, a.updateCampaign},
		{"DELETE", "/campaigns/:id", campaignsAdmin, a.deleteCampaign},
		{"POST", "/campaigns/:id/media-upload", campaignsAdmin.uploadsUpTo(CampaignMediaMaxBytes + formOverhead), a.uploadCampaignMedia},
		{"DELETE", "/campaigns/:id/media-upload", campaignsAdmin, a.deleteCampaignMedia},
		{"POST", "/campaigns/:id/cancel", campaignsAdmin, a.cancelCampaign},
		{"POST", "/campaigns/:id/restart", campaignsAdmin, a.restartCampaign},
		{"GET", "/campaigns/:id/report", campaignsAdmin, a.campaignReport},
		{"GET", "/campaigns/:id/shippings", campaignsAdmin, a.campaignShippings},
		{"GET", "/campaign-settings", campaignsAdmin, a.campaignSettings},
		{"POST", "/campaign-settings", campaignsAdmin, a.saveCampaignSettings},
		// Dashboard and the real-time panel (spec/1 Dashboard, spec/2 /moments): admins, and
		// profile users with showDashboard (allowRealTime for the panel).
		{"GET", "/dashboard", dashboardView, a.dashboard},
		{"GET", "/dashboard/ticketsUsers", dashboardView, a.dashboardTicketsUsers},
		{"GET", "/dashboard/ticketsDay", dashboardView, a.dashboardTicketsDay},
		{"GET", "/dashboard/attendants/export", dashboardView, a.exportDashboardAttendants},
		{"GET", "/dashboard/moments", realTime, a.dashboardMoments},
		{"GET", "/usersMoments", realTime, a.dashboardMoments},

		// Contacts, tags, queues, quick messages, connections
		{"GET", "/contacts", signedIn, a.listContacts},
		{"GET", "/contacts/", signedIn, a.listContacts},
		{"GET", "/contacts/list", signedIn, a.allContacts},
		{"GET", "/contacts/export", signedIn, a.exportContacts},
		{"GET", "/contacts/profile/:number", signedIn, a.contactProfile},
		{"GET", "/contacts/:id", signedIn, a.getContact},
		{"POST", "/contacts", signedIn, a.createContact},
		{"PUT", "/contacts/:id", signedIn, a.updateContact},
		{"DELETE", "/contacts/:id", admin, a.deleteContact}, // contacts-page:deleteContact
		{"PUT", "/contacts/block/:id", signedIn, a.blockContact},
		{"PUT", "/contacts/toggleAcceptAudio/:id", signedIn, a.toggleContactAudio},
		{"PUT", "/contacts/toggleDisableBot/:id", signedIn, a.toggleContactBot},
		{"GET", "/contactTags/:contactId", signedIn, a.contactTags},
		{"POST", "/contacts/upload", signedIn.uploadsUpTo(contactimport.UploadMaxBytes + formOverhead), a.uploadContacts},
		{"POST", "/contacts/import", signedIn, a.importPhoneContacts},
		{"GET", "/contacts/imports", signedIn, a.listContactImports},
		{"GET", "/contacts/imports/:id", signedIn, a.getContactImport},
		{"POST", "/contacts/imports/:id/start", signedIn, a.startContactImport},
		{"GET", "/contacts/imports/:id/refused", signedIn, a.contactImportRefusals},

		{"GET", "/tags", signedIn, a.listTags},
		{"GET", "/tags/", signedIn, a.listTags},
		{"GET", "/tags/list", signedIn, a.allTags},
		{"GET", "/tags/:id", signedIn, a.getTag},
		{"POST", "/tags", signedIn, a.createTag},
		{"POST", "/tags/sync", signedIn, a.syncContactTags},
		{"PUT", "/tags/:id", signedIn, a.updateTag},
		{"DELETE", "/tags/:id", admin, a.deleteTag},

		{"GET", "/queue", signedIn, a.listQueues},
		{"GET", "/queue/:id", admin, a.getQueue},
		{"POST", "/queue", admin, a.createQueue},
		{"PUT", "/queue/:id", admin, a.updateQueue},
		{"DELETE", "/queue/:id", admin, a.deleteQueue},
		{"GET", "/chatbot/:id", admin, a.getQueueOption},
		{"POST", "/chatbot", admin, a.createQueueOption},
		{"PUT", "/chatbot/:id", admin, a.updateQueueOption},
		{"DELETE", "/chatbot/:id", admin, a.deleteQueueOption},
		// File lists, read-only for the queue and option selects (the /files page is issue 14)
		{"GET", "/files", admin, a.listFileLists},
		{"GET", "/files/", admin, a.listFileLists},
		{"GET", "/files/:id", admin, a.getFileList},
		{"POST", "/files", admin, a.createFileList},
		{"PUT", "/files/:id", admin, a.updateFileList},
		{"DELETE", "/files/:id", admin, a.deleteFileList},
		{"POST", "/files/uploadList/:id", admin.uploadsUpTo(FileListMaxFiles*FileListMaxBytes + formOverhead), a.uploadFileList},

		// AI prompts (spec/3 Prompts), behind the plan's useOpenAi
		{"GET", "/prompt", prompts, a.listPrompts},
		{"GET", "/prompt/", prompts, a.listPrompts},
		{"GET", "/prompt/:id", prompts, a.getPrompt},
		{"POST", "/prompt", prompts, a.createPrompt},
		{"PUT", "/prompt/:id", prompts, a.updatePrompt},
		{"DELETE", "/prompt/:id", prompts, a.deletePrompt},

		{"GET", "/quick-messages", signedIn, a.listQuickMessages},
		{"GET", "/quick-messages/", signedIn, a.listQuickMessages},
		{"GET", "/quick-messages/list", signedIn, a.pickQuickMessages},
		{"GET", "/quick-messages/:id", signedIn, a.getQuickMessage},
		{"POST", "/quick-messages", signedIn.uploadsUpTo(QuickMediaMaxBytes + formOverhead), a.createQuickMessage},
		{"PUT", "/quick-messages/:id", signedIn, a.updateQuickMessage},
		{"DELETE", "/quick-messages/:id", signedIn, a.deleteQuickMessage},
		{"POST", "/quick-messages/:id/media-upload", signedIn.uploadsUpTo(QuickMediaMaxBytes + formOverhead), a.uploadQuickMessageMedia},
		{"DELETE", "/quick-messages/:id/media-upload", signedIn, a.deleteQuickMessageMedia},

		// Contact lists (spec/3): lists read for the campaign dialog; the rest for admins
		{"GET", "/contact-lists", campaigns, a.listContactLists},
		{"GET", "/contact-lists/", campaigns, a.listContactLists},
		{"GET", "/contact-lists/list", campaigns, a.allContactLists},
		{"GET", "/contact-lists/example", campaigns, a.contactListExample},
		{"GET", "/contact-lists/:id", campaigns, a.getContactList},
		{"POST", "/contact-lists", campaignsAdmin, a.createContactList},
		{"PUT", "/contact-lists/:id", campaignsAdmin, a.updateContactList},
		{"DELETE", "/contact-lists/:id", campaignsAdmin, a.deleteContactList},
		{"POST", "/contact-lists/:id/upload", campaignsAdmin.uploadsUpTo(contactlist.UploadMaxBytes + formOverhead), a.uploadContactList},
		{"GET", "/contact-lists/:id/imports", campaignsAdmin, a.contactListImports},
		{"POST", "/contact-lists/:id/check", campaignsAdmin, a.recheckContactList},
		{"GET", "/contact-lists/:id/imports/:importId/refused", campaignsAdmin, a.contactListRefusals},
		{"GET", "/contact-list-items", campaignsAdmin, a.listContactListItems},
		{"GET", "/contact-list-items/", campaignsAdmin, a.listContactListItems},
		{"GET", "/contact-list-items/:id", campaignsAdmin, a.getContactListItem},
		{"POST", "/contact-list-items", campaignsAdmin, a.createContactListItem},
		{"PUT", "/contact-list-items/:id", campaignsAdmin, a.updateContactListItem},
		{"DELETE", "/contact-list-items/:id", campaignsAdmin, a.deleteContactListItem}, // contacts-page:deleteContact
		// Schedules (spec/3), behind the plan's useSchedules
		{"GET", "/schedules", schedules, a.listSchedules},
		{"GET", "/schedules/", schedules, a.listSchedules},
		{"GET", "/schedules/:id", schedules, a.getSchedule},
		{"POST", "/schedules", schedules.uploadsUpTo(ScheduleMediaMaxBytes + formOverhead), a.createSchedule},
		{"PUT", "/schedules/:id", schedules, a.updateSchedule},
		{"DELETE", "/schedules/:id", schedules, a.deleteSchedule},
		{"POST", "/schedules/:id/media-upload", schedules.uploadsUpTo(ScheduleMediaMaxBytes + formOverhead), a.uploadScheduleMedia},
		{"DELETE", "/schedules/:id/media-upload", schedules, a.deleteScheduleMedia},

		// Internal chat (spec/3), behind the plan's useInternalChat; members only
		{"GET", "/chats", internalChat, a.listChats},
		{"GET", "/chats/", internalChat, a.listChats},
		{"GET", "/chats/:id", internalChat, a.getChat},
		{"POST", "/chats", internalChat, a.createChat},
		{"PUT", "/chats/:id", internalChat, a.updateChat},
		{"DELETE", "/chats/:id", internalChat, a.deleteChat},
		{"GET", "/chats/:id/messages", internalChat, a.chatMessages},
		{"POST", "/chats/:id/messages", internalChat, a.sendChatMessage},
		{"POST", "/chats/:id/read", internalChat, a.readChat},
		// Helps and announcements: the platform's, written by super users (spec/2, spec/3)
		{"GET", "/helps", signedIn, a.listHelps},
		{"GET", "/helps/list", signedIn, a.listHelps},
		{"GET", "/helps/:id", signedIn, a.getHelp},
		{"POST", "/helps", super, a.createHelp},
		{"PUT", "/helps/:id", super, a.updateHelp},
		{"DELETE", "/helps/:id", super, a.deleteHelp},
		{"GET", "/announcements", super, a.listAnnouncements},
		{"GET", "/announcements/", super, a.listAnnouncements},
		{"GET", "/announcements/active", signedIn, a.activeAnnouncements},
		{"GET", "/announcements/:id", super, a.getAnnouncement},
		{"POST", "/announcements", super, a.createAnnouncement},
		{"PUT", "/announcements/:id", super, a.updateAnnouncement},
		{"DELETE", "/announcements/:id", super, a.deleteAnnouncement},
		{"POST", "/announcements/:id/media-upload", super.uploadsUpTo(AnnouncementMediaMaxBytes + formOverhead), a.uploadAnnouncementMedia},
		{"DELETE", "/announcements/:id/media-upload", super, a.deleteAnnouncementMedia},

		// Connections (spec/2 Connections)
		{"GET", "/whatsapp", signedIn, a.listConnections},
		{"GET", "/whatsapp/", signedIn, a.listConnections},
		{"GET", "/whatsapp/filter", signedIn, a.filterConnections},
		{"GET", "/whatsapp/all", super, a.allConnections},
		{"GET", "/whatsapp/all/", super, a.allConnections},
		{"GET", "/whatsapp/:id", manageConnections, a.getConnection},
		{"POST", "/whatsapp", manageConnections, a.createConnection},
		{"PUT", "/whatsapp/:id", manageConnections, a.updateConnection},
		{"DELETE", "/whatsapp/:id", manageConnections, a.deleteConnection},
		{"POST", "/whatsapp/:id/media-upload", manageConnections.uploadsUpTo(GreetingMediaMaxBytes + formOverhead), a.uploadGreetingMedia},
		{"DELETE", "/whatsapp/:id/media-upload", manageConnections, a.deleteGreetingMedia},
		{"GET", "/whatsapp-admin/:id", super, a.adminGetConnection},
		{"PUT", "/whatsapp-admin/:id", super, a.adminUpdateConnection},
		{"DELETE", "/whatsapp-admin/:id", super, a.adminDeleteConnection},
		{"POST", "/whatsapp-restart", manageConnections, a.restartConnections},
		{"POST", "/whatsapp-restart/", manageConnections, a.restartConnections},
		{"POST", "/whatsappsession/:id", manageConnections, a.startSession},
		{"PUT", "/whatsappsession/:id", manageConnections, a.renewQR},
		{"DELETE", "/whatsappsession/:id", manageConnections, a.stopSession},
		{"POST", "/whatsappsession/:id/pairing-code", manageConnections, a.pairingCode},
		{"POST", "/closedimported/:id", manageConnections, a.closeImported},
		{"POST", "/facebook", manageConnections, a.linkFacebook},
		// Graph API channels' webhooks (Cloud API, Messenger, Instagram; signed by Meta)
		{"GET", "/webhooks/meta", public, a.verifyMetaWebhook},
		{"POST", "/webhooks/meta", public.upTo(MetaWebhookMaxBytes), a.receiveMetaWebhook},

		// Invoices, checkout and payments (spec/2 Subscription and invoices): reachable by an
		// expired company, which pays here
		{"GET", "/invoices", admin.expiredOK(), a.listInvoices},
		{"GET", "/invoices/", admin.expiredOK(), a.listInvoices},
		{"GET", "/invoices/:id", admin.expiredOK(), a.getInvoice},
		{"PUT", "/invoices/:id", super, a.updateInvoice},
		{"POST", "/subscription", admin.expiredOK(), a.subscribe},
		{"POST", "/webhooks/efi", public.upTo(PixWebhookMaxBytes), a.receivePixWebhook},
		{"POST", "/webhooks/efi/pix", public.upTo(PixWebhookMaxBytes), a.receivePixWebhook},

		// Messages and the sandbox channel
		{"GET", "/messages/:ticketId", signedIn, a.listMessages},
		{"POST", "/messages/:ticketId", signedIn.uploadsUpTo(MediaRequestMaxBytes), a.sendMessage},
		{"POST", "/messages/edit/:messageId", signedIn, a.editMessage},
		{"DELETE", "/messages/:messageId", signedIn, a.deleteMessage},
		{"POST", "/message/forward", signedIn, a.forwardMessage},
		{"GET", "/messages-allMe", signedIn, a.countMyMessages},
		{"POST", "/sandbox/:connectionId/inbound", sandboxAuth.uploadsUpTo(MediaMaxBytes + formOverhead), a.sandboxInbound},
		{"GET", "/sandbox/:connectionId/outbound", sandboxAuth, a.sandboxOutbound},
		{"POST", "/sandbox/:connectionId/call", sandboxAuth, a.sandboxCall},
		{"GET", "/sandbox/:connectionId/clock", sandboxAuth, a.sandboxClock},
		{"PUT", "/sandbox/:connectionId/clock", manageConnections.upTo(ClockMaxBytes), a.setSandboxClock},

		// Queue integrations (spec/3 /queue-integration), behind the plan's useIntegrations
		{"GET", "/queueIntegration", integrations, a.listIntegrations},
		{"GET", "/queueIntegration/", integrations, a.listIntegrations},
		{"POST", "/queueIntegration/testSession", integrations, a.testIntegrationSession},
		{"GET", "/queueIntegration/:id", integrations, a.getIntegration},
		{"POST", "/queueIntegration", integrations, a.createIntegration},
		{"PUT", "/queueIntegration/:id", integrations, a.updateIntegration},
		{"DELETE", "/queueIntegration/:id", integrations, a.deleteIntegration},
		// Flow runs (issue 14): node analytics and the simulator (admins)
		{"GET", "/flowbuilder/:id/stats", admin, a.flowStats},
		{"POST", "/flowbuilder/:id/simulate", admin, a.simulateFlow},

		// External API (spec/3; described in docs/openapi.yaml)
		{"POST", "/api/messages/send", externalAPI.uploadsUpTo(MediaRequestMaxBytes), a.externalSend},
		{"GET", "/api/openapi.yaml", public, a.openAPI},

		// Flows and phrase campaigns (spec/3 §7 "Flows"): admins; a flow's webhook is public,
		// its hash the credential
		{"GET", "/flowbuilder", admin, a.listFlows},
		{"GET", "/flowbuilder/", admin, a.listFlows},
		{"POST", "/flowbuilder", admin, a.createFlow},
		{"PUT", "/flowbuilder", admin, a.updateFlow},
		{"POST", "/flowbuilder/duplicate", admin, a.duplicateFlow},
		{"GET", "/flowbuilder/media", admin, a.flowMedia},
		{"GET", "/flowbuilder/flow/:id", admin, a.getFlowGraph},
		{"POST", "/flowbuilder/flow", admin.upTo(flow.GraphMaxBytes), a.saveFlowGraph},
		{"POST", "/flowbuilder/content", admin.uploadsUpTo(flow.ContentMaxBytes + formOverhead), a.uploadFlowContent},
		{"POST", "/flowbuilder/audio", admin.uploadsUpTo(flow.AudioMaxBytes + formOverhead), a.uploadFlowAudio},
		{"POST", "/flowbuilder/img", admin.uploadsUpTo(flow.ImageMaxBytes + formOverhead), a.uploadFlowImage},
		{"POST", "/flowbuilder/webhook/:hash", public.upTo(flow.WebhookMaxBytes), a.flowWebhook},
		{"GET", "/flowbuilder/:id", admin, a.getFlow},
		{"DELETE", "/flowbuilder/:id", admin, a.deleteFlow},
		{"GET", "/flowcampaign", admin, a.listFlowCampaigns},
		{"GET", "/flowcampaign/", admin, a.listFlowCampaigns},
		{"GET", "/flowcampaign/:id", admin, a.getFlowCampaign},
		{"POST", "/flowcampaign", admin, a.createFlowCampaign},
		{"PUT", "/flowcampaign", admin, a.updateFlowCampaign},
		{"DELETE", "/flowcampaign/:id", admin, a.deleteFlowCampaign}, // contacts-page:deleteContact

		// Media behind signed URLs
		{"GET", "/media/*path", public, a.media},
	}
}

// register mounts the table: public routes as they are, the others behind sign-in and
// their access rule.
func (a *API) register(r gin.IRouter) {
	for _, rt := range a.routes() {
		chain := []gin.HandlerFunc{}
		switch {
		case rt.rule.connectionToken:
			chain = append(chain, a.sandboxConnection())
		case rt.rule.apiToken:
			chain = append(chain, a.apiConnection(rt.rule))
		case !rt.rule.public:
			chain = append(chain, a.authenticate(rt.rule.allowExpired), authorize(rt.rule))
		}
		r.Handle(rt.method, rt.path, append(chain, rt.handler)...)
	}
}
