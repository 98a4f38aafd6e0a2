import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { ApiError } from '../services/api';
import { onToast } from '../services/toast';
import toastError, { errorMessage } from './toastError';

describe('errorMessage', () => {
  it('translates a known error code', () => {
    const error = new ApiError(401, { error: 'ERR_INVALID_CREDENTIALS', message: 'raw' });
    expect(errorMessage(error)).toBe('Erro de autenticação. Por favor, tente novamente.');
  });

  it('names the day an expired subscription ended, in the language in use', () => {
    const error = new ApiError(402, {
      error: 'ERR_SUBSCRIPTION_EXPIRED',
      message: 'Opss! Sua assinatura venceu 20/11/2026. Entre em contato com o Suporte para mais informações!',
    });
    expect(errorMessage(error)).toBe(
      'Opss! Sua assinatura venceu 20/11/2026. Entre em contato com o Suporte para mais informações!',
    );
    expect(errorMessage(new ApiError(402, { error: 'ERR_SUBSCRIPTION_EXPIRED', message: 'x' }))).toBe(
      'Sua assinatura venceu. Entre em contato com o Suporte.',
    );
  });

  it('falls back to the raw server text for an unknown code', () => {
    expect(errorMessage(new ApiError(500, { error: 'ERR_SOMETHING_NEW', message: 'Algo novo deu errado.' }))).toBe(
      'Algo novo deu errado.',
    );
  });

  it('translates the generic server codes, in the language in use', async () => {
    const refusals = [
      [413, 'ERR_REQUEST_TOO_LARGE', 'A requisição excede o tamanho máximo permitido.', 'The request exceeds the maximum allowed size.'],
      [400, 'ERR_INVALID_INPUT', 'A requisição contém caracteres inválidos (NUL ou UTF-8 inválido).', 'The request contains invalid characters.'],
      [400, 'ERR_BAD_REQUEST', 'Corpo da requisição inválido: unexpected EOF', 'Invalid request.'],
      [404, 'ERR_NOT_FOUND', 'Rota não encontrada.', 'Resource not found.'],
    ];
    await i18n.changeLanguage('en');
    try {
      refusals.forEach(([status, code, message, english]) => expect(errorMessage(new ApiError(status, { error: code, message }))).toBe(english));
    } finally {
      await i18n.changeLanguage('pt');
    }
  });

  it('translates an internal error and keeps its request code for support', async () => {
    const internal = new ApiError(500, { error: 'ERR_INTERNAL', message: 'Erro interno. Código da requisição: 9f86d081' });
    expect(errorMessage(internal)).toBe('Erro interno do servidor. Tente novamente mais tarde. Código da requisição: 9f86d081');
    await i18n.changeLanguage('en');
    try {
      expect(errorMessage(internal)).toBe('Internal server error. Please try again later. Request code: 9f86d081');
      expect(errorMessage(new ApiError(500, { error: 'ERR_INTERNAL', message: '' }))).toBe('Internal server error. Please try again later.');
    } finally {
      await i18n.changeLanguage('pt');
    }
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
