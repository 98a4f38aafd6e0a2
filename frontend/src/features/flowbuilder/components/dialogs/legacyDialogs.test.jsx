import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onToast } from '../../../../services/toast';
import { byTestId, click, render } from '../../../../test/render';
import { uploadAudio, uploadImage, uploadVideo } from '../../api/flowbuilderApi';
import NodeDialog from './NodeDialog';

// The legacy kinds (message, img, audio, video) of spec/3: each has its edit dialog.
vi.mock('../../api/flowbuilderApi', () => ({
  uploadImage: vi.fn(async (file) => `flow/img-${file.name}`),
  uploadAudio: vi.fn(async (file) => `flow/audio-${file.name}`),
  uploadVideo: vi.fn(async (file) => `flow/video-${file.name}`),
  mediaObjectUrl: vi.fn(async () => 'blob:stored'),
}));

URL.createObjectURL = vi.fn(() => 'blob:preview');
URL.revokeObjectURL = vi.fn();
const SLOW = 20000;
const MB = 1024 * 1024;
const text = () => document.body.textContent;

const type = (input, value) => act(() => {
  const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});

const fileOf = (name, mime, size = 10) => {
  const file = new File([new Uint8Array(10)], name, { type: mime });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const choose = (input, file) => act(async () => {
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
});

function mount(dialog, variables = []) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const view = render(<NodeDialog dialog={dialog} variables={variables} onSaved={onSaved} onClose={onClose} />);
  return { view, onSaved, onClose };
}

function collectToasts() {
  const toasts = [];
  const stop = onToast((item) => toasts.push(item.message));
  return { toasts, stop };
}

describe('legacy node dialogs', () => {
  let view;
  let stopToasts;
  afterEach(() => {
    view?.unmount();
    stopToasts?.();
    vi.clearAllMocks();
  });

  it('message: the text is required, variables insert, edit is pre-filled', async () => {
    const m = mount({ type: 'message', node: { id: 'm1', data: { label: 'Olá' } } }, ['{{nome}}']);
    view = m.view;
    expect(text()).toContain('Editar mensagem');
    expect(byTestId('flow-message-text').value).toBe('Olá');
    type(byTestId('flow-message-text'), '  ');
    await click(byTestId('flow-message-save'));
    expect(m.onSaved).not.toHaveBeenCalled();
    expect(text()).toContain('Obrigatório');
    type(byTestId('flow-message-text'), 'Oi, ');
    await click(byTestId('flow-variable'));
    await click(byTestId('flow-message-save'));
    expect(m.onSaved).toHaveBeenCalledWith({ label: 'Oi, {{nome}}' });
  }, SLOW);

  it('image: png/jpg/jpeg up to 2 MB, none chosen is refused, the stored name becomes the url', async () => {
    const toasts = collectToasts();
    stopToasts = toasts.stop;
    const m = mount({ type: 'img', node: { id: 'i1', data: {} } });
    view = m.view;
    expect(text()).toContain('Editar imagem');
    await click(byTestId('flow-img-save'));
    expect(byTestId('flow-img-missing').textContent).toBe('Escolha um arquivo');
    await choose(byTestId('flow-img-file'), fileOf('anim.gif', 'image/gif'));
    expect(toasts.toasts).toContain('Apenas imagens png, jpg ou jpeg');
    await choose(byTestId('flow-img-file'), fileOf('foto.png', 'image/png', 3 * MB));
    expect(toasts.toasts.some((message) => message.startsWith('Arquivo é muito grande! 2MB máximo'))).toBe(true);
    await choose(byTestId('flow-img-file'), fileOf('foto.png', 'image/png'));
    expect(text()).toContain('foto.png');
    await click(byTestId('flow-img-save'));
    expect(uploadImage).toHaveBeenCalledTimes(1);
    expect(m.onSaved).toHaveBeenCalledWith({ url: 'flow/img-foto.png', original: 'foto.png' });
  }, SLOW);

  it('audio: ogg/mp3 up to 5 MB (no opus), recorded by default, its toast once a file went up', async () => {
    const toasts = collectToasts();
    stopToasts = toasts.stop;
    const m = mount({ type: 'audio', node: null });
    view = m.view;
    expect(text()).toContain('Adicionar audio ao fluxo');
    expect(byTestId('flow-audio-record').querySelector('input').checked).toBe(true);
    await choose(byTestId('flow-audio-file'), fileOf('voz.opus', 'audio/opus'));
    expect(toasts.toasts).toContain('Apenas audios ogg ou mp3');
    await choose(byTestId('flow-audio-file'), fileOf('voz.mp3', 'audio/mpeg', 6 * MB));
    expect(toasts.toasts.some((message) => message.startsWith('Arquivo é muito grande! 5MB máximo'))).toBe(true);
    await choose(byTestId('flow-audio-file'), fileOf('voz.mp3', 'audio/mpeg', 4 * MB));
    await click(byTestId('flow-audio-record').querySelector('input'));
    await click(byTestId('flow-audio-save'));
    expect(uploadAudio).toHaveBeenCalledTimes(1);
    expect(m.onSaved).toHaveBeenCalledWith({ url: 'flow/audio-voz.mp3', original: 'voz.mp3', record: false });
    expect(toasts.toasts).toContain('Audio adicionada com sucesso!');
  }, SLOW);

  it('video: MP4 only, up to 20 MB; editing without a new file keeps the stored one', async () => {
    const toasts = collectToasts();
    stopToasts = toasts.stop;
    const m = mount({ type: 'video', node: { id: 'v1', data: { url: 'flow/old.mp4', original: 'antigo.mp4' } } });
    view = m.view;
    expect(text()).toContain('ATENÇÃO! Apenas videos em MP4!');
    expect(text()).toContain('antigo.mp4');
    await choose(byTestId('flow-video-file'), fileOf('clip.avi', 'video/x-msvideo'));
    expect(toasts.toasts).toContain('ATENÇÃO! Apenas videos em MP4!');
    await choose(byTestId('flow-video-file'), fileOf('clip.mp4', 'video/mp4', 21 * MB));
    expect(toasts.toasts.some((message) => message.startsWith('Arquivo é muito grande! 20MB máximo'))).toBe(true);
    await click(byTestId('flow-video-save'));
    expect(uploadVideo).not.toHaveBeenCalled();
    expect(m.onSaved).toHaveBeenCalledWith({ url: 'flow/old.mp4', original: 'antigo.mp4' });
  }, SLOW);

  it('video: a new file goes up through the content endpoint', async () => {
    const m = mount({ type: 'video', node: null });
    view = m.view;
    await choose(byTestId('flow-video-file'), fileOf('clip.mp4', 'video/mp4', 19 * MB));
    await click(byTestId('flow-video-save'));
    expect(uploadVideo).toHaveBeenCalledTimes(1);
    expect(m.onSaved).toHaveBeenCalledWith({ url: 'flow/video-clip.mp4', original: 'clip.mp4' });
  }, SLOW);
});
