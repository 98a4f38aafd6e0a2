const en = {
  "layout": {
    "menu": {
      "reports": "Reports"
    }
  },
  "reports": {
    "title": "Reports",
    "export": "Export to Excel",
    "empty": "No tickets found",
    "filters": {
      "contact": "Contact",
      "contactHint": "From 3 characters",
      "connections": "Connections",
      "users": "Users",
      "queues": "Queues",
      "status": "Status",
      "dateFrom": "Start date",
      "dateTo": "End date",
      "onlyRated": "Rated only"
    },
    "columns": {
      "id": "ID",
      "connection": "Connection",
      "contact": "Contact",
      "user": "User",
      "queue": "Queue",
      "status": "Status",
      "lastMessage": "Last message",
      "createdAt": "Opened at",
      "closedAt": "Closed at",
      "supportTime": "Support time",
      "nps": "NPS",
      "actions": "Actions"
    },
    "actions": {
      "log": "Ticket log",
      "open": "Open ticket"
    },
    "rowsPerPage": "Rows per page",
    "displayed": "{{from}}–{{to}} of {{total}}",
    "displayedMany": "{{from}}–{{to}} of more than {{total}}",
    "status": {
      "open": "In progress",
      "pending": "Waiting",
      "closed": "Closed",
      "group": "Group",
      "nps": "Rating",
      "lgpd": "LGPD"
    }
  },
  "backendErrors": {
    "ERR_REPORT_PAGE_TOO_DEEP": "Page beyond the report limit; narrow the filters or export the spreadsheet."
  }
};

export default en;
