import { describe, expect, it } from 'vitest';
import { connectionsByCompany } from './allConnections';

describe('/allConnections overview', () => {
  it('counts connected, not connected and total per company, with a grand total', () => {
    const connections = [
      { id: 1, companyId: 2, status: 'CONNECTED' },
      { id: 2, companyId: 2, status: 'qrcode' },
      { id: 3, companyId: 1, status: 'DISCONNECTED', company: { id: 1, name: 'Atende' } },
      { id: 4, companyId: 3, status: 'CONNECTED' },
    ];
    const { rows, total } = connectionsByCompany(connections, [{ id: 2, name: 'Beta' }, { id: 9, name: 'Zeta' }]);
    expect(rows).toEqual([
      { companyId: 3, name: '#3', connected: 1, disconnected: 0, total: 1 },
      { companyId: 1, name: 'Atende', connected: 0, disconnected: 1, total: 1 },
      { companyId: 2, name: 'Beta', connected: 1, disconnected: 1, total: 2 },
      { companyId: 9, name: 'Zeta', connected: 0, disconnected: 0, total: 0 },
    ]);
    expect(total).toEqual({ connected: 2, disconnected: 2, total: 4 });
  });

  it('copes with nothing', () => {
    expect(connectionsByCompany(undefined, undefined)).toEqual({ rows: [], total: { connected: 0, disconnected: 0, total: 0 } });
  });
});
