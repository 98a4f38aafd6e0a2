const en = {
  plans: {
    title: "Plans",
    add: "Add plan",
    addTitle: "Add plan",
    editTitle: "Edit plan",
    saved: "Operation completed successfully!",
    empty: "No plans yet.",
    loadFailed: "The list of plans could not be loaded",
    yes: "Yes",
    no: "No",
    flagsTitle: "Plan features",
    limitInvalid: "Enter a whole number from 1",
    amountInvalid: "Invalid amount",
    deleteTitle: "Delete the plan {{name}}?",
    deleteMessage: "The plan is no longer offered. A plan any company is on can't be deleted.",
    deleted: "Plan deleted.",
    saveFailed: "The operation could not be completed. Check whether a plan with the same name exists or whether the fields were filled in correctly",
    fields: {
      name: "Name",
      amount: "Price (R$)",
      users: "Users",
      connections: "Connections",
      queues: "Queues"
    },
    columns: {
      name: "Name",
      amount: "Price",
      users: "Users",
      connections: "Connections",
      queues: "Queues",
      isPublic: "Public",
      flags: "Features",
      actions: "Actions"
    },
    flags: {
      isPublic: "Public (offered at signup)",
      useWhatsapp: "WhatsApp",
      useFacebook: "Facebook",
      useInstagram: "Instagram",
      useCampaigns: "Campaigns",
      useSchedules: "Schedules",
      useInternalChat: "Internal chat",
      useExternalApi: "External API",
      useKanban: "Kanban",
      useOpenAi: "OpenAI",
      useIntegrations: "Integrations"
    }
  },
  settings: {
    tabs: {
      plans: "Plans"
    }
  },
  backendErrors: {
    ERR_PLAN_NAME_EXISTS: "A plan with this name already exists.",
    ERR_PLAN_IN_USE: "The plan is in use by one or more companies.",
    ERR_NO_PLAN_FOUND: "No plan found with this ID."
  }
};

export default en;
