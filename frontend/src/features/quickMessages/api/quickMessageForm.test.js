import { describe, expect, it } from 'vitest';
import {
  canEditQuickMessage, mediaAction, mediaNameOf, quickMessagePayload, quickMessageToForm, validateQuickMessage,
} from './quickMessageForm';

const owner = { id: 1, profile: 'user' };
const other = { id: 2, profile: 'user' };
const admin = { id: 3, profile: 'admin' };

describe('quick message form', () => {
  it('lets only the owner edit one that is visible to all but not shared (visao on, geral off)', () => {
    const record = { id: 9, userId: 1, geral: false, visao: true };
    expect(canEditQuickMessage(record, owner)).toBe(true);
    expect(canEditQuickMessage(record, other)).toBe(false);
    expect(canEditQuickMessage(record, admin)).toBe(false);
  });

  it('lets anyone edit a shared one and a new one', () => {
    expect(canEditQuickMessage({ id: 9, userId: 1, geral: true, visao: false }, other)).toBe(true);
    expect(canEditQuickMessage(null, other)).toBe(true);
  });

  it('lets an admin take over one whose owner is gone', () => {
    expect(canEditQuickMessage({ id: 9, userId: null, geral: false }, admin)).toBe(true);
    expect(canEditQuickMessage({ id: 9, userId: null, geral: false }, other)).toBe(false);
  });

  it('requires the shortcode', () => {
    expect(validateQuickMessage({ shortcode: '  ', message: 'x' })).toEqual({ shortcode: 'validation.required' });
    expect(validateQuickMessage({ shortcode: 'oi', message: 'x' })).toEqual({});
  });

  it('loads and sends the flags', () => {
    expect(quickMessageToForm(null)).toEqual({ shortcode: '', message: '', geral: false, visao: true });
    expect(quickMessageToForm({ shortcode: 'oi', message: 'Olá!', geral: 1, visao: false })).toEqual({ shortcode: 'oi', message: 'Olá!', geral: true, visao: false });
    expect(quickMessagePayload({ shortcode: ' oi ', message: 'Olá', geral: true, visao: false })).toEqual({ shortcode: 'oi', message: 'Olá', geral: true, visao: false });
  });

  it('uploads a chosen file and deletes a removed one', () => {
    expect(mediaAction({ file: {}, removed: true, hadMedia: true })).toBe('upload');
    expect(mediaAction({ file: null, removed: true, hadMedia: true })).toBe('delete');
    expect(mediaAction({ file: null, removed: true, hadMedia: false })).toBe('none');
    expect(mediaNameOf({ mediaPath: 'https://x/media/company1/abc.pdf?sig=1' })).toBe('abc.pdf');
    expect(mediaNameOf({ mediaName: 'menu.pdf', mediaPath: 'x' })).toBe('menu.pdf');
    expect(mediaNameOf({ mediaName: '', mediaPath: '/media/x.pdf?sig=1', isMedia: false })).toBe('');
  });
});

describe('quick message content', () => {
  it('needs a message or a file', () => {
    expect(validateQuickMessage({ shortcode: 'oi', message: '  ' })).toEqual({ message: 'quickMessages.modal.needsContent' });
    expect(validateQuickMessage({ shortcode: 'oi', message: '' }, { hasMedia: true })).toEqual({});
    expect(validateQuickMessage({ shortcode: 'oi', message: 'Olá {{firstName}}' })).toEqual({});
    expect(validateQuickMessage({ shortcode: '', message: 'x' })).toEqual({ shortcode: 'validation.required' });
  });
});
