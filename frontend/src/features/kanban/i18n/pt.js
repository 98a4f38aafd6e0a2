const pt = {
  "layout": {
    "menu": {
      "kanban": "Kanban"
    }
  },
  "kanban": {
    "title": "Kanban",
    "startDate": "Data inicial",
    "endDate": "Data final",
    "search": "Buscar",
    "addLanes": "Adicionar colunas",
    "defaultLane": "Em aberto",
    "hasMore": "Há mais tickets neste período: mostrando os 500 mais recentes.",
    "card": {
      "ticket": "Ticket #{{id}}",
      "view": "Visualizar"
    },
    "lanesTitle": "Colunas do Kanban",
    "back": "Voltar para o Kanban",
    "noLanes": "Nenhuma coluna",
    "columns": {
      "name": "Nome",
      "tickets": "Tickets",
      "actions": "Ações"
    },
    "deleteTitle": "Excluir a coluna {{name}}?",
    "deleteMessage": "A etiqueta será removida de todos os tickets e contatos.",
    "deleted": "Coluna excluída com sucesso!",
    "lane": {
      "addTitle": "Adicionar coluna",
      "editTitle": "Editar coluna",
      "name": "Nome",
      "color": "Cor",
      "nextLaneId": "Próxima coluna",
      "timeLane": "Tempo na coluna (minutos)",
      "timeLaneHint": "Após uma mensagem do atendente, o card vai para a próxima coluna depois deste tempo",
      "rollbackLaneId": "Coluna de retorno",
      "greetingMessageLane": "Mensagem de saudação da coluna",
      "none": "Nenhuma",
      "saved": "Coluna salva com sucesso!"
    },
    "validation": {
      "minutes": "Informe os minutos",
      "nextLane": "Escolha a próxima coluna"
    }
  }
};

export default pt;
