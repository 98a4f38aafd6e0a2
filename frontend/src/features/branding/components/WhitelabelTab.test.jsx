import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, publicApi } from '../../../services/api';
import { byTestId, click, render } from '../../../test/render';
import { updateSetting } from '../../settings/api/settingsApi';
import { BrandingProvider } from '../hooks/useBranding';
import WhitelabelTab from './WhitelabelTab';

vi.mock('../../settings/api/settingsApi', () => ({ updateSetting: vi.fn(async (key, value) => ({ key, value })) }));

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});

describe('WhitelabelTab', () => {
  let view;
  const stored = {};
  afterEach(() => {
    view?.unmount();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  function mount() {
    vi.spyOn(publicApi, 'get').mockImplementation(async (path) => ({ value: stored[path.split('/').pop()] ?? '' }));
    view = render(<BrandingProvider><WhitelabelTab /></BrandingProvider>);
  }

  it('saves a colour from the picker dialog, refusing a malformed code, and repaints the previews', async () => {
    mount();
    await settle();
    await click(byTestId('color-light-open'));
    const hex = byTestId('color-light-hex');
    await type(hex, 'blue');
    expect(byTestId('color-light-save').disabled).toBe(true);
    await type(hex, '#AA0000');
    stored.primaryColorLight = '#aa0000';
    await click(byTestId('color-light-save'));
    await settle();
    expect(updateSetting).toHaveBeenCalledWith('primaryColorLight', '#aa0000');
    expect(byTestId('color-light-value').textContent).toBe('#aa0000');
  });

  it('uploads a logo as multipart with its mode and shows it in the previews', async () => {
    mount();
    await settle();
    const name = `${'d'.repeat(32)}.png`;
    const post = vi.spyOn(api, 'post').mockImplementation(async () => { stored.appLogoDark = name; return name; });
    const input = byTestId('logo-Dark-file');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
    const [path, form] = post.mock.calls[0];
    expect(path).toBe('/settings-whitelabel/logo');
    expect(form.get('mode')).toBe('Dark');
    expect(form.get('typeArch')).toBe('logo');
    expect(byTestId('preview-dark').querySelector('img').getAttribute('src')).toContain(name);
    expect(byTestId('logo-Dark').textContent).toContain(name);
  });
});
