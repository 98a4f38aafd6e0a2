import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allByTestId, byTestId, click, render } from '../../../test/render';
import { validateHelp, videoCode } from '../api/helpsApi';
import HelpsPage from './HelpsPage';

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

describe('helps', () => {
  let view;
  afterEach(() => view?.unmount());

  it('takes a code or any YouTube link', () => {
    expect(videoCode('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe('dQw4w9WgXcQ');
    expect(videoCode('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoCode('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(validateHelp({ title: '', video: '<script>' })).toEqual({ title: 'validation.required', video: 'helps.invalidVideo' });
  });

  it('shows a card per help with its still and opens the player; Escape closes it', async () => {
    const helps = [{ id: 1, title: 'Conexões', video: 'dQw4w9WgXcQ', description: 'Como conectar' }];
    const fetcher = vi.fn(async () => helps);
    view = render(<SWRConfig value={{ provider: () => new Map(), fetcher }}><HelpsPage /></SWRConfig>);
    await settle();
    expect(allByTestId('help-card')).toHaveLength(1);
    expect(byTestId('help-card').querySelector('img').getAttribute('src')).toContain('/vi/dQw4w9WgXcQ/');
    await click(byTestId('help-card').querySelector('button'));
    expect(byTestId('help-video-frame').getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    await act(async () => {
      byTestId('help-video-modal').querySelector('[role="dialog"]')
        .dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    await settle();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(byTestId('help-video-frame')).toBeNull();
  });
});
