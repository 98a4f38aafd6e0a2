const en = {
  companies: {
    title: "Companies",
    add: "Add company",
    addTitle: "Add company",
    editTitle: "Edit company",
    saved: "Operation completed successfully!",
    empty: "No companies found.",
    active: "Active",
    blocked: "Blocked",
    deleting: "Deleting… {{progress}}%",
    deletingShort: "Being deleted",
    noExpiry: "No expiry",
    never: "never",
    block: "Block",
    unblock: "Unblock",
    measure: "Measure the files folder",
    deleteTitle: "Delete the company {{name}}?",
    deleteMessage: "The company, its users, connections, tickets, messages, contacts and files will be deleted in the background. This cannot be undone.",
    deleteStarted: "Deletion started: its progress shows in the table.",
    createdTitle: "Company created",
    initialPassword: "Password of the first administrator ({{email}}), shown only now:",
    passwordHelp: "Left empty, a random password is generated and shown once.",
    newPasswordHelp: "Fill in only to change the company administrator's password.",
    noPermission: "This company doesn't have permission to access this page! We are redirecting you.",
    saveFailed: "The operation could not be completed. Check whether a company with the same name exists or whether the fields were filled in correctly",
    fields: {
      name: "Name",
      email: "E-mail",
      phone: "Phone",
      password: "Password",
      newPassword: "New password",
      document: "Tax ID (CPF/CNPJ)",
      addressStreet: "Address",
      addressCity: "City",
      addressState: "State",
      planId: "Plan",
      recurrence: "Recurrence",
      dueDate: "Due date",
      paymentMethod: "Payment method",
      status: "Active"
    },
    columns: {
      id: "ID",
      name: "Name",
      email: "E-mail",
      plan: "Plan",
      status: "Status",
      dueDate: "Due date",
      recurrence: "Recurrence",
      users: "Attendants",
      connections: "Connections",
      lastLogin: "Last login",
      folder: "Folder (size · files)",
      createdAt: "Created",
      actions: "Actions"
    },
    usage: {
      attendants: "Attendants: {{n}} of {{max}}",
      connections: "Connections: {{n}} of {{max}}",
      lastLogin: "Last login: {{when}}",
      folder: "Folder: {{size}} in {{files}} files (measured {{when}})"
    },
    recurrences: {
      MENSAL: "Monthly",
      BIMESTRAL: "Every 2 months",
      TRIMESTRAL: "Quarterly",
      SEMESTRAL: "Every 6 months",
      ANUAL: "Yearly"
    },
    blockedNotice: "This company is blocked. Contact Support for more information!"
  },
  layout: {
    menu: {
      companies: "Companies",
    },
  },
  settings: {
    tabs: {
      companies: "Companies"
    }
  },
  backendErrors: {
    ERR_COMPANY_BLOCKED: "This company is blocked. Contact Support for more information!",
    ERR_COMPANY_NAME_EXISTS: "A company with this name already exists.",
    ERR_MAIN_COMPANY: "The main company can't be blocked or deleted.",
    ERR_COMPANY_DELETING: "This company is being deleted.",
    ERR_NO_COMPANY_FOUND: "No company found with this ID."
  }
};

export default en;
