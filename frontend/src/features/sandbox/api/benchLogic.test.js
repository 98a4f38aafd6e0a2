import { describe, expect, it } from 'vitest';
import {
  CLOCK_PRESETS, formatPretend, hoursLink, isShifted, presetAt, pretendNow, wallParts, wallText,
} from './clock';
import { asksRating, chipText, lastTurn, menuOptions, quickReplies } from './quickReplies';
import { conversation } from './conversation';

const SP = 'America/Sao_Paulo';
// Wednesday 2026-11-25 15:30 in São Paulo (UTC−3) = 18:30 UTC.
const WED = Date.parse('2026-11-25T18:30:00Z');
const preset = (key) => CLOCK_PRESETS.find((p) => p.key === key);

describe('sandbox clock', () => {
  it('reads wall times in the company zone, not the browser one', () => {
    expect(wallParts(WED, SP)).toMatchObject({ year: 2026, month: 11, day: 25, hour: 15, minute: 30, weekday: 3 });
    expect(wallText(WED, SP)).toBe('2026-11-25T15:30');
    expect(wallText(WED, 'Asia/Tokyo')).toBe('2026-11-26T03:30');
    expect(wallText(WED, 'Not/AZone')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  });

  it('turns presets into wall times of the coming day', () => {
    expect(presetAt(preset('real'), WED, SP)).toBeNull();
    expect(presetAt(preset('today22'), WED, SP)).toBe('2026-11-25T22:00');
    expect(presetAt(preset('tomorrow07'), WED, SP)).toBe('2026-11-26T07:00');
    expect(presetAt(preset('saturday22'), WED, SP)).toBe('2026-11-28T22:00');
    expect(presetAt(preset('sunday10'), WED, SP)).toBe('2026-11-29T10:00');
    expect(presetAt(preset('monday10'), WED, SP)).toBe('2026-11-30T10:00');
    // On a Saturday the Saturday preset is that same day; month ends roll over.
    const sat = Date.parse('2026-11-28T12:00:00Z');
    expect(presetAt(preset('saturday22'), sat, SP)).toBe('2026-11-28T22:00');
    expect(presetAt(preset('monday10'), sat, SP)).toBe('2026-11-30T10:00');
    expect(presetAt(preset('tomorrow07'), Date.parse('2026-12-31T12:00:00Z'), SP)).toBe('2027-01-01T07:00');
  });

  it('shows the pretend time and says when it is shifted', () => {
    expect(pretendNow(3600, WED)).toBe(WED + 3600000);
    expect(isShifted({ clockOffset: 0 })).toBe(false);
    expect(isShifted({ clockOffset: 30 })).toBe(false);
    expect(isShifted({ clockOffset: -7200 })).toBe(true);
    expect(isShifted(undefined)).toBe(false);
    const text = formatPretend(Date.parse('2026-11-29T01:00:00Z'), SP, 'pt-BR');
    expect(text).toContain('22:00');
    expect(text).toContain('28/11');
  });

  it('links to where the hours the bot reads are set', () => {
    expect(hoursLink('company', 5)).toEqual({ mode: 'company', to: '/settings?tab=schedules' });
    expect(hoursLink('connection', 5)).toEqual({ mode: 'connection', to: '/connections?edit=5&tab=schedules' });
    expect(hoursLink('queue', 5)).toEqual({ mode: 'queue', to: '/queues' });
    expect(hoursLink('', 5).mode).toBe('off');
    expect(hoursLink(null, 5).mode).toBe('off');
  });
});

const customer = (localId, sentAt, body) => ({ localId, sentAt, body, status: 'sent' });
const reply = (id, createdAt, body) => ({ id, createdAt, body, ack: 3, kind: 'text' });

describe('quick answers', () => {
  it('reads the options of a queue menu as the bot writes it', () => {
    const menu = '\u200E*Bem-vindo!*\n[1] - Vendas\n[2] - Suporte técnico avançado\n[Sair] - Encerrar atendimento';
    expect(menuOptions(menu)).toEqual([
      { value: '1', label: 'Vendas' }, { value: '2', label: 'Suporte técnico avançado' }, { value: 'sair', label: 'Encerrar atendimento' },
    ]);
    const options = '1 - Boletos\n2) Segunda via\n*3* - Falar com atendente\n10. Outros\n[#] Voltar ao menu';
    expect(menuOptions(options).map((o) => o.value)).toEqual(['1', '2', '3', '10', '#']);
    expect(menuOptions('[1] Sim [2] Não')).toEqual([{ value: '1', label: 'Sim' }, { value: '2', label: 'Não' }]);
    expect(menuOptions('1️⃣ Vendas\n2️⃣ Suporte\nDigite sair para encerrar').map((o) => o.value)).toEqual(['1', '2', 'sair']);
    expect(menuOptions('Nosso horário é 10:30 - 18:00. Até logo!')).toEqual([]);
    expect(menuOptions('Obrigado por aguardar, vamos sair daqui a pouco')).toEqual([]);
  });

  it('reads the bot\'s bold menu lines and the LGPD question (pkg/menu line: "*[ n ]* - title")', () => {
    const menu = '\u200E*Bem-vindo!*\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte\n*[ # ]* - Voltar ao menu principal\n*[ Sair ]* - Encerrar atendimento';
    expect(menuOptions(menu)).toEqual([
      { value: '1', label: 'Vendas' }, { value: '2', label: 'Suporte' },
      { value: '#', label: 'Voltar ao menu principal' }, { value: 'sair', label: 'Encerrar atendimento' },
    ]);
    const lgpd = 'Estou ciente sobre o tratamento dos meus dados pessoais.\n\n*[ 1 ]* - Sim\n*[ 2 ]* - Não';
    expect(menuOptions(lgpd)).toEqual([{ value: '1', label: 'Sim' }, { value: '2', label: 'Não' }]);
    expect(menuOptions('*[ 1 ]* Sim *[ 2 ]* Não')).toEqual([{ value: '1', label: 'Sim' }, { value: '2', label: 'Não' }]);
    expect(chipText(menuOptions(lgpd)[1])).toBe('2 · Não');
  });

  it('knows a rating request', () => {
    expect(asksRating('\u200EDe 0 a 10, qual nota você dá ao atendimento?')).toBe(true);
    expect(asksRating('Rate us from 0 to 10')).toBe(true);
    expect(asksRating('Digite sua nota')).toBe(true);
    expect(asksRating('Obrigado pelo contato!')).toBe(false);
  });

  it('answers the bot\'s last turn, also while the customer\'s newest message waits', () => {
    const timeline = conversation(
      [customer('a', 1000, 'oi'), customer('b', 5000, '1')],
      [reply(1, '1970-01-01T00:00:02Z', 'Escolha:\n[1] - Vendas\n[2] - Suporte'), reply(2, '1970-01-01T00:00:03Z', '[Sair] - Encerrar')],
    );
    expect(lastTurn(timeline).map((m) => m.key)).toEqual(['a-1', 'a-2']);
    expect(quickReplies(timeline)).toEqual({
      kind: 'menu', chips: [{ value: '1', label: 'Vendas' }, { value: '2', label: 'Suporte' }, { value: 'sair', label: 'Encerrar' }],
    });
    const rated = conversation([customer('a', 1000, 'oi')], [reply(1, '1970-01-01T00:00:02Z', 'Avalie de 0 a 10')]);
    expect(quickReplies(rated).kind).toBe('rating');
    expect(quickReplies(rated).chips.map((c) => c.value)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(quickReplies([]).kind).toBe('start');
    expect(quickReplies(conversation([], [reply(1, 'x', 'Olá, Maria!')])).kind).toBe('start');
  });

  it('labels chips briefly', () => {
    expect(chipText({ value: '#', label: '' })).toBe('#');
    expect(chipText({ value: '2', label: 'Suporte técnico avançado' })).toBe('2 · Suporte técnico av…');
  });
});

describe('timeline on the server clock', () => {
  it('places a message the server took at receivedAt, so a fast browser clock never puts the answer first', () => {
    // The browser runs 5 s ahead: sentAt 10:00:05 for a message the server took at 10:00:00.
    const sent = [{ localId: 'a', body: 'oi', sentAt: Date.parse('2026-01-01T10:00:05Z'), receivedAt: '2026-01-01T10:00:00Z' }];
    const timeline = conversation(sent, [reply(1, '2026-01-01T10:00:01Z', 'menu')]);
    expect(timeline.map((m) => m.key)).toEqual(['c-a', 'a-1']);
  });
});
