import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../services/api';
import { listAllFileLists } from './queuesApi';

vi.mock('../../../services/api', () => ({ api: { get: vi.fn() } }));

describe('file lists for the selects', () => {
  it('reads every page of GET /files/', async () => {
    api.get
      .mockResolvedValueOnce({ files: [{ id: 1, name: 'A' }], hasMore: true })
      .mockResolvedValueOnce({ files: [{ id: 2, name: 'B' }], hasMore: false });
    expect(await listAllFileLists()).toEqual([{ id: 1, name: 'A' }, { id: 2, name: 'B' }]);
    expect(api.get.mock.calls).toEqual([['/files/', { pageNumber: 1 }], ['/files/', { pageNumber: 2 }]]);
  });
});
