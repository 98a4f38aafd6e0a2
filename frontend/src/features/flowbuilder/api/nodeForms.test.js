import { describe, expect, it } from 'vitest';
import {
  addOption, cardsOf, checkCondition, checkContent, checkFlowName, checkInterval, checkMediaFile, checkMenu, checkOpenAI,
  checkQuestion, checkTicket, checkTypebot, clampPercent, contentData, flowVariables, moveCard, newCard, removeLastOption,
  NODE_MEDIA, checkMessage, mediaNodeData,
} from './nodeForms';

const V = 'flowbuilder.validation';
const file = (name, size) => ({ name, size });

describe('flow name', () => {
  it('is required, 2 to 50', () => {
    expect(checkFlowName('  ')).toEqual({ name: `${V}.nameRequired` });
    expect(checkFlowName('a')).toEqual({ name: 'validation.tooShort' });
    expect(checkFlowName('x'.repeat(51))).toEqual({ name: 'validation.tooLong' });
    expect(checkFlowName('Boas-vindas')).toEqual({});
  });
});

describe('interval', () => {
  it('takes 1 to 120 seconds', () => {
    expect(checkInterval('')).toEqual({ sec: `${V}.intervalRequired` });
    expect(checkInterval(0)).toEqual({ sec: `${V}.intervalRequired` });
    expect(checkInterval(121)).toEqual({ sec: `${V}.intervalMax` });
    expect(checkInterval(120)).toEqual({});
  });
});

describe('media files', () => {
  it('checks type and size per kind', () => {
    expect(checkMediaFile('img', file('a.png', 2 * 1024 * 1024))).toBeNull();
    expect(checkMediaFile('img', file('a.gif', 10))?.key).toBe(`${V}.fileType.img`);
    expect(checkMediaFile('img', file('a.JPG', 2 * 1024 * 1024 + 1))).toEqual({ key: `${V}.fileTooLarge`, values: { max: 2, size: '2.0' } });
    expect(checkMediaFile('audio', file('a.opus', 5 * 1024 * 1024))).toBeNull();
    expect(checkMediaFile('audio', file('a.wav', 1))?.key).toBe(`${V}.fileType.audio`);
    expect(checkMediaFile('video', file('a.mp4', 21 * 1024 * 1024))?.values.max).toBe(20);
    expect(checkMediaFile('video', file('a.mov', 1))?.key).toBe(`${V}.fileType.video`);
  });
});

describe('content cards', () => {
  it('refuses empty text, bad intervals and file cards without a file', () => {
    expect(checkContent([])).toBe(`${V}.contentEmpty`);
    expect(checkContent([{ type: 'message', value: ' ' }])).toBe(`${V}.messageEmpty`);
    expect(checkContent([{ type: 'interval', value: '0' }])).toBe(`${V}.contentInterval`);
    expect(checkContent([{ type: 'interval', value: '121' }])).toBe(`${V}.contentInterval`);
    expect(checkContent([{ type: 'img', value: '' }])).toBe(`${V}.emptyFiles`);
    expect(checkContent([{ type: 'img', value: '', file: {} }, { type: 'audio', value: 'flow/a.ogg' }, { type: 'message', value: 'oi' }])).toBeNull();
  });
  it('numbers cards per type and round-trips the node data', () => {
    let cards = [];
    cards = [...cards, newCard(cards, 'message')];
    cards = [...cards, newCard(cards, 'interval')];
    cards = [...cards, newCard(cards, 'message')];
    cards = [...cards, newCard(cards, 'audio')];
    expect(cards.map((c) => c.id)).toEqual(['message0', 'interval0', 'message1', 'audio0']);
    cards = cards.map((c) => ({ ...c, value: c.type === 'audio' ? 'flow/x.ogg' : c.value || 'oi', original: c.type === 'audio' ? 'x.ogg' : '' }));
    cards = moveCard(cards, 2, -1);
    expect(cards.map((c) => c.id)).toEqual(['message0', 'message1', 'interval0', 'audio0']);
    expect(moveCard(cards, 0, -1)).toBe(cards);
    const data = contentData(cards);
    expect(data.seq).toEqual(['message0', 'message1', 'interval0', 'audio0']);
    expect(data.elements[3]).toEqual({ type: 'audio', value: 'flow/x.ogg', number: 'audio0', original: 'x.ogg', record: true });
    expect(data.elements[0]).toEqual({ type: 'message', value: 'oi', number: 'message0' });
    expect(cardsOf(data).map(({ id, type, value }) => ({ id, type, value }))).toEqual(cards.map(({ id, type, value }) => ({ id, type, value })));
  });
});

describe('node dialogs', () => {
  it('menu: message and non-blank numbered options, only the last removable', () => {
    let options = addOption(addOption([]));
    expect(options).toEqual([{ number: 1, value: '' }, { number: 2, value: '' }]);
    expect(checkMenu({ message: '', arrayOption: [] })).toEqual({ message: 'validation.required', options: `${V}.menuNoOption` });
    expect(checkMenu({ message: 'x', arrayOption: options })).toEqual({ options: `${V}.menuBlankOption` });
    options = removeLastOption(options).map((o) => ({ ...o, value: 'Vendas' }));
    expect(checkMenu({ message: 'x', arrayOption: options })).toEqual({});
  });
  it('question: message and a variable name', () => {
    expect(checkQuestion({ message: '', answerKey: '' })).toEqual({ message: 'validation.required', answerKey: 'validation.required' });
    expect(checkQuestion({ message: 'Nome?', answerKey: 'meu nome' })).toEqual({ answerKey: `${V}.variableName` });
    expect(checkQuestion({ message: 'Nome?', answerKey: 'nome_cliente' })).toEqual({});
  });
  it('ticket, typebot, openai, condition, randomizer', () => {
    expect(checkTicket({ queueId: '' })).toEqual({ queueId: `${V}.queueRequired` });
    expect(checkTicket({ queueId: 3 })).toEqual({});
    expect(checkTypebot({ name: 'a', urlN8N: 'https://t', typebotSlug: 's' })).toEqual({ name: `${V}.typebotShort` });
    expect(checkTypebot({ name: '' })).toEqual({ name: `${V}.typebotRequired`, urlN8N: 'validation.required', typebotSlug: 'validation.required' });
    expect(checkTypebot({ name: 'ab', urlN8N: 'https://t', typebotSlug: 's', typebotExpires: '', typebotDelayMessage: '1.5' }))
      .toEqual({ typebotExpires: `${V}.wholeNumber`, typebotDelayMessage: `${V}.wholeNumber` });
    expect(checkTypebot({ name: 'ab', urlN8N: 'https://t', typebotSlug: 's', typebotExpires: 0, typebotDelayMessage: '1000' })).toEqual({});
    expect(checkTypebot({ name: 'x'.repeat(51), urlN8N: 'u', typebotSlug: 's' })).toEqual({ name: `${V}.typebotLong` });
    expect(checkOpenAI({ name: 'Bot', apiKey: '', prompt: ' ' })).toEqual({ apiKey: 'validation.required', prompt: 'validation.required' });
    expect(checkCondition({ key: 'nome', condition: '==' })).toEqual({});
    expect(checkCondition({ key: '', condition: 'like' })).toEqual({ key: 'validation.required', condition: 'validation.required' });
    expect(clampPercent(47)).toBe(50);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent('x')).toBe(0);
  });
  it('lists the answer variables as tokens', () => {
    const q = (answerKey) => ({ type: 'question', data: { typebotIntegration: { answerKey } } });
    expect(flowVariables([q('nome'), q('nome'), q('cpf'), { type: 'menu', data: {} }])).toEqual(['{{nome}}', '{{cpf}}']);
  });
});

describe('legacy nodes', () => {
  it('the audio node takes ogg and mp3 up to 5 MB, not opus; the others keep the content limits', () => {
    expect(checkMediaFile('audio', file('a.opus', 10), NODE_MEDIA)?.key).toBe(`${V}.fileType.audioNode`);
    expect(checkMediaFile('audio', file('a.OGG', 5 * 1024 * 1024), NODE_MEDIA)).toBeNull();
    expect(checkMediaFile('audio', file('a.mp3', 5 * 1024 * 1024 + 1), NODE_MEDIA)?.key).toBe(`${V}.fileTooLarge`);
    expect(checkMediaFile('video', file('a.mp4', 20 * 1024 * 1024), NODE_MEDIA)).toBeNull();
    expect(checkMediaFile('video', file('a.mov', 10), NODE_MEDIA)?.key).toBe(`${V}.fileType.video`);
  });

  it('a message needs text; media data keeps url, original name and record for audio', () => {
    expect(checkMessage({ label: ' ' })).toEqual({ label: 'validation.required' });
    expect(checkMessage({ label: 'Oi' })).toEqual({});
    expect(mediaNodeData('img', { url: 'flow/a.png', original: 'a.png', record: true })).toEqual({ url: 'flow/a.png', original: 'a.png' });
    expect(mediaNodeData('audio', { url: 'flow/a.ogg', original: '', record: false })).toEqual({ url: 'flow/a.ogg', original: '', record: false });
  });
});
