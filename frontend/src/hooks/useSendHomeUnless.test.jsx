import { act } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { byTestId, render } from '../test/render';
import useSendHomeUnless, { REDIRECT_DELAY } from './useSendHomeUnless';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('../services/toast', () => ({ toast: toasts, TOAST_DURATION: 3000, onToast: () => () => {} }));

function Guarded({ allowed }) {
  return useSendHomeUnless(allowed, 'companies.noPermission') ? <div data-testid="page" /> : null;
}

function mount(allowed) {
  return render(
    <MemoryRouter initialEntries={['/guarded']}>
      <Routes>
        <Route path="/guarded" element={<Guarded allowed={allowed} />} />
        <Route path="/" element={<div data-testid="home" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useSendHomeUnless', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toasts.error.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('lets an allowed user stay, with no toast', async () => {
    mount(true);
    await act(async () => vi.advanceTimersByTime(REDIRECT_DELAY * 2));
    expect(byTestId('page')).not.toBeNull();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('tells anyone else why, once, and sends them home after the delay, not before', async () => {
    mount(false);
    expect(byTestId('page')).toBeNull();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error.mock.calls[0][0]).not.toBe('companies.noPermission'); // translated, not the key
    await act(async () => vi.advanceTimersByTime(REDIRECT_DELAY - 1));
    expect(byTestId('home')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1));
    expect(byTestId('home')).not.toBeNull();
  });
});
