import { describe, expect, it } from 'vitest';
import { MEDIA_DEFAULTS, TEXT_DEFAULTS, textPayload, validateMedia, validateText } from './messageForm';
import { externalApiAllowed } from './access';

const text = { ...TEXT_DEFAULTS, token: 'T'.repeat(30), number: '5511999990000', body: 'Olá' };

describe('/messages-api test forms', () => {
  it('wants a token, a digits-only number and a text', () => {
    expect(validateText(text)).toEqual({});
    expect(validateText(TEXT_DEFAULTS)).toEqual({ token: 'validation.required', number: 'validation.required', body: 'validation.required' });
    expect(validateText({ ...text, number: '+55 11 9999' }).number).toBe('messagesApi.validation.number');
    expect(validateText({ ...text, number: '1234567' }).number).toBe('messagesApi.validation.number');
    expect(validateText({ ...text, number: '120363025246125486' })).toEqual({});
  });

  it('wants a file to send media', () => {
    const media = { ...MEDIA_DEFAULTS, token: 'T', number: '5511999990000' };
    expect(validateMedia(media)).toEqual({ file: 'messagesApi.validation.file' });
    expect(validateMedia({ ...media, file: { name: 'a.pdf' } })).toEqual({});
  });

  it('sends optional fields only when set', () => {
    expect(textPayload(text)).toEqual({ number: '5511999990000', body: 'Olá' });
    expect(textPayload({ ...text, number: ' 5511999990000 ', userId: 3, queueId: '4', sendSignature: true, closeTicket: true }))
      .toEqual({ number: '5511999990000', body: 'Olá', userId: 3, queueId: 4, sendSignature: true, closeTicket: true });
  });

  it('opens only with the useExternalApi plan flag', () => {
    expect(externalApiAllowed({ company: { plan: { useExternalApi: true } } })).toBe(true);
    expect(externalApiAllowed({ company: { plan: { useExternalApi: false } } })).toBe(false);
    expect(externalApiAllowed(null)).toBe(false);
  });
});
