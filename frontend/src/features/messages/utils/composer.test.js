import { describe, expect, it, vi } from 'vitest';
import { isBlank, matchQuickAnswers } from '../components/MessageInput';
import { forwardAll } from '../components/ForwardModal';
import { FORWARD_DELAY_MS, parseLocation } from './messageRules';

describe('composer', () => {
  it('never sends empty or whitespace-only text', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank('  \n\t ')).toBe(true);
    expect(isBlank(' oi ')).toBe(false);
  });
  it('lists quick answers when the text starts with / and filters by shortcode', () => {
    const list = [{ id: 1, shortcode: 'bomdia', message: 'Bom dia!' }, { id: 2, shortcode: 'preco', message: 'R$ 10' }];
    expect(matchQuickAnswers(list, 'bom')).toEqual([]);
    expect(matchQuickAnswers(list, '/').map((q) => q.id)).toEqual([1, 2]);
    expect(matchQuickAnswers(list, '/PRE').map((q) => q.id)).toEqual([2]);
  });
  it('reads a location body', () => {
    expect(parseLocation('-23.55,-46.63')).toEqual({ lat: -23.55, lng: -46.63 });
    expect(parseLocation('sem coordenadas')).toBeNull();
  });
});

describe('forward', () => {
  it('sends each message in order, waiting 900 ms between them', async () => {
    const calls = [];
    const send = vi.fn(async (id, contactId, sign) => calls.push(['send', id, contactId, sign]));
    const wait = vi.fn(async (ms) => calls.push(['wait', ms]));
    await forwardAll([{ id: 1 }, { id: 2 }, { id: 3 }], 9, true, send, wait);
    expect(calls).toEqual([
      ['send', 1, 9, true], ['wait', FORWARD_DELAY_MS], ['send', 2, 9, true], ['wait', FORWARD_DELAY_MS], ['send', 3, 9, true],
    ]);
    expect(FORWARD_DELAY_MS).toBe(900);
  });
});
