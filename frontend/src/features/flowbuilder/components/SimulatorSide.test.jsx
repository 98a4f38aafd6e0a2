import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { presetCustomer } from './SimulatorSide';

// The sandbox panel is its own feature's: only the customer it opens on matters here.
vi.mock('../../sandbox/components/SimulatePanel', () => ({ default: () => null }));

describe('presetCustomer', () => {
  afterEach(() => i18n.changeLanguage('pt'));

  it("names the simulated customer in the language in use", async () => {
    const storage = new Map();
    const fake = { setItem: (key, value) => storage.set(key, value) };
    presetCustomer(8, '5511999990000', fake);
    expect(JSON.parse(storage.get('sandbox:8:current'))).toEqual({ number: '5511999990000', name: 'Cliente teste' });
    await i18n.changeLanguage('en');
    presetCustomer(8, '5511999990000', fake);
    expect(JSON.parse(storage.get('sandbox:8:current'))).toEqual({ number: '5511999990000', name: 'Test customer' });
  });
});
