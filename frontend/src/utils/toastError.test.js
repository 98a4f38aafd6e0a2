import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../services/api';
import { onToast } from '../services/toast';
import toastError, { errorMessage } from './toastError';

describe('errorMessage', () => {
  it('translates a known error code', () => {
    const error = new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'raw' });
    expect(errorMessage(error)).toBe('Erro de autenticação. Por favor, tente novamente.');
  });

  it('falls back to the raw server text for an unknown code', () => {
    expect(errorMessage(new ApiError(500, { error: 'ERR_INTERNAL', message: 'Erro interno. Código: 42' }))).toBe(
      'Erro interno. Código: 42',
    );
  });

  it('falls back to the generic text when there is nothing to show', () => {
    expect(errorMessage({})).toBe('An error occurred!');
    expect(errorMessage(undefined)).toBe('An error occurred!');
  });
});

describe('toastError', () => {
  let stop;
  afterEach(() => stop?.());

  it('shows an error toast for 2 seconds', () => {
    const listener = vi.fn();
    stop = onToast(listener);
    toastError(new ApiError(403, { error: 'ERR_NO_PERMISSION' }));
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({
      severity: 'error',
      duration: 2000,
      message: 'Você não tem permissão para acessar este recurso.',
    }));
  });
});
