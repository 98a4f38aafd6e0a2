const en = {
  "layout": {
    "menu": {
      "kanban": "Kanban"
    }
  },
  "kanban": {
    "title": "Kanban",
    "startDate": "Start date",
    "endDate": "End date",
    "search": "Search",
    "addLanes": "Add lanes",
    "defaultLane": "Open",
    "hasMore": "There are more tickets in this period: showing the latest 500.",
    "card": {
      "ticket": "Ticket #{{id}}",
      "view": "View"
    },
    "lanesTitle": "Kanban lanes",
    "back": "Back to the Kanban",
    "noLanes": "No lanes",
    "columns": {
      "name": "Name",
      "tickets": "Tickets",
      "actions": "Actions"
    },
    "deleteTitle": "Delete the lane {{name}}?",
    "deleteMessage": "The tag will be removed from every ticket and contact.",
    "deleted": "Lane deleted successfully!",
    "lane": {
      "addTitle": "Add lane",
      "editTitle": "Edit lane",
      "name": "Name",
      "color": "Colour",
      "nextLaneId": "Next lane",
      "timeLane": "Time in lane (minutes)",
      "timeLaneHint": "After an agent message, the card moves to the next lane after this time",
      "rollbackLaneId": "Rollback lane",
      "greetingMessageLane": "Lane greeting message",
      "none": "None",
      "saved": "Lane saved successfully!"
    },
    "validation": {
      "minutes": "Enter the minutes",
      "nextLane": "Choose the next lane"
    }
  }
};

export default en;
