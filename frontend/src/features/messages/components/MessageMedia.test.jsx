import { afterEach, describe, expect, it } from 'vitest';
import { byTestId, render } from '../../../test/render';
import MessageMedia, { bodyIsMedia } from './MessageMedia';

const call = (over = {}) => ({ id: 1, mediaType: 'call_log', body: 'Chamada de voz/vídeo perdida às 14:05', fromMe: false, ...over });

describe('MessageMedia call log', () => {
  let view;
  afterEach(() => view?.unmount());

  it('reads as a missed call at the time it rang', () => {
    const rang = new Date(2026, 10, 25, 9, 7);
    view = render(<MessageMedia message={call({ createdAt: rang.toISOString() })} />);
    expect(byTestId('message-call').textContent).toBe('Chamada de voz/vídeo perdida às 09:07');
  });

  it('still names the call without a time', () => {
    view = render(<MessageMedia message={call({ createdAt: undefined })} />);
    expect(byTestId('message-call').textContent).toBe('Chamada de voz/vídeo');
  });

  it('is not shown twice: the stored text is the media', () => {
    expect(bodyIsMedia(call())).toBe(true);
  });
});
