import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../../../services/toast';
import { byTestId, render } from '../../../test/render';
import GreetingMediaField from './GreetingMediaField';

const MB = 1024 * 1024;

/** A file of the given size (jsdom files hold their bytes: the size is stated instead). */
function fileOf(name, size) {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const pick = (file) => act(async () => {
  const input = byTestId('connection-greeting-media-input');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
});

describe('GreetingMediaField', () => {
  let view;
  let toasts;
  let stop;
  let form;
  beforeEach(() => {
    toasts = [];
    stop = onToast((item) => toasts.push([item.severity, item.message]));
    form = { values: { greetingMediaFile: null, greetingMediaAttachment: '', greetingMediaUrl: '', removeGreetingMedia: false }, setValue: vi.fn() };
  });
  afterEach(() => {
    stop();
    view?.unmount();
  });

  it('refuses a file past the server limit (20 MB) before any upload, saying why', async () => {
    view = render(<GreetingMediaField form={form} />);
    await pick(fileOf('video.mp4', 20 * MB + 1));
    expect(form.setValue).not.toHaveBeenCalled();
    expect(toasts).toEqual([['error', 'Arquivo muito grande: a mídia da saudação pode ter até 20 MB (este tem 20,1 MB).']]);
    await pick(fileOf('grande.mp4', 25.5 * MB));
    expect(toasts.at(-1)).toEqual(['error', 'Arquivo muito grande: a mídia da saudação pode ter até 20 MB (este tem 25,5 MB).']);
    expect(form.setValue).not.toHaveBeenCalled();
  });

  it('keeps a file within the limit for the save', async () => {
    view = render(<GreetingMediaField form={form} />);
    const file = fileOf('video.mp4', 20 * MB);
    await pick(file);
    expect(form.setValue).toHaveBeenCalledWith('greetingMediaFile', file);
    expect(toasts).toEqual([]);
  });
});
