/**
 * /allConnections (spec/2 §2): per company, how many connections are connected, how many are
 * not, and the total, plus a grand-total row. Companies without connections are listed when
 * a company list is given (GET /companies/list comes with the companies feature).
 */
export function connectionsByCompany(connections, companies = []) {
  const rows = new Map();
  const rowOf = (id, name) => {
    if (!rows.has(id)) rows.set(id, { companyId: id, name: name || `#${id}`, connected: 0, disconnected: 0, total: 0 });
    const row = rows.get(id);
    if (name && row.name === `#${id}`) row.name = name;
    return row;
  };
  (Array.isArray(companies) ? companies : []).forEach((company) => rowOf(company.id, company.name));
  (Array.isArray(connections) ? connections : []).forEach((connection) => {
    const id = connection.companyId ?? connection.company?.id;
    const row = rowOf(id, connection.company?.name);
    row.total += 1;
    if (connection.status === 'CONNECTED') row.connected += 1;
    else row.disconnected += 1;
  });
  const list = [...rows.values()].sort((a, b) => a.name.localeCompare(b.name) || a.companyId - b.companyId);
  const total = list.reduce(
    (sum, row) => ({ connected: sum.connected + row.connected, disconnected: sum.disconnected + row.disconnected, total: sum.total + row.total }),
    { connected: 0, disconnected: 0, total: 0 },
  );
  return { rows: list, total };
}
