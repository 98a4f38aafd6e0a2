import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { listAllFlows } from '../../phraseCampaigns/api/phraseCampaignsApi';
import useConnectionLookups from './useConnectionLookups';

vi.mock('../../auth/hooks/useAuth', () => ({ useAuth: () => ({ user: { id: 1, companyId: 7, profile: 'admin', company: { plan: {} } } }) }));
vi.mock('../../integrations/hooks/useIntegrationOptions', () => ({ default: () => [] }));
vi.mock('../../phraseCampaigns/api/phraseCampaignsApi', () => ({
  listAllFlows: vi.fn(async () => Array.from({ length: 21 }, (_, i) => ({ id: i + 1, name: `Fluxo ${i + 1}` }))),
}));

let seen;
function Probe() {
  seen = useConnectionLookups();
  return null;
}

describe('useConnectionLookups', () => {
  let view;
  afterEach(() => view?.unmount());

  it('offers every flow of the company, past the first page of 20', async () => {
    const fetcher = vi.fn(async () => []);
    view = render(<SWRConfig value={{ provider: () => new Map(), fetcher }}><Probe /></SWRConfig>);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(listAllFlows).toHaveBeenCalled();
    expect(seen.flows).toHaveLength(21);
    expect(seen.flows[20]).toEqual({ id: 21, name: 'Fluxo 21' });
  });
});
