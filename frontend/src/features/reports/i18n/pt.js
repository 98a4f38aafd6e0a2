const pt = {
  "layout": {
    "menu": {
      "reports": "Relatórios"
    }
  },
  "reports": {
    "title": "Relatórios",
    "export": "Exportar Excel",
    "empty": "Nenhum atendimento encontrado",
    "filters": {
      "contact": "Contato",
      "contactHint": "A partir de 3 caracteres",
      "connections": "Conexões",
      "users": "Usuários",
      "queues": "Filas",
      "status": "Status",
      "dateFrom": "Data inicial",
      "dateTo": "Data final",
      "onlyRated": "Apenas avaliados"
    },
    "columns": {
      "id": "ID",
      "connection": "Conexão",
      "contact": "Contato",
      "user": "Usuário",
      "queue": "Fila",
      "status": "Status",
      "lastMessage": "Última mensagem",
      "createdAt": "Aberto em",
      "closedAt": "Fechado em",
      "supportTime": "Tempo de atendimento",
      "nps": "NPS",
      "actions": "Ações"
    },
    "actions": {
      "log": "Log do ticket",
      "open": "Abrir ticket"
    },
    "rowsPerPage": "Linhas por página",
    "displayed": "{{from}}–{{to}} de {{total}}",
    "displayedMany": "{{from}}–{{to}} de mais de {{total}}",
    "status": {
      "open": "Atendendo",
      "pending": "Aguardando",
      "closed": "Finalizado",
      "group": "Grupo",
      "nps": "Avaliação",
      "lgpd": "LGPD"
    }
  },
  "backendErrors": {
    "ERR_REPORT_PAGE_TOO_DEEP": "Página além do limite do relatório; refine os filtros ou exporte a planilha."
  }
};

export default pt;
