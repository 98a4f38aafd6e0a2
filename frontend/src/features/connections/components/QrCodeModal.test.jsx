import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { byTestId, click, render } from '../../../test/render';
import { requestPairingCode } from '../api/connectionsApi';
import QrCodeModal from './QrCodeModal';

vi.mock('../api/connectionsApi', () => ({ newQrCode: vi.fn(), requestPairingCode: vi.fn(async () => ({})) }));

const conn = (over = {}) => ({ id: 7, name: 'Zap', status: 'qrcode', qrcode: '2@abc', pairingCode: '', pairingError: '', ...over });

/** Types into a React-controlled input. */
const type = (input, value) => act(() => {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
});

describe('QrCodeModal QR code', () => {
  let view;
  afterEach(() => view?.unmount());

  it('draws the session QR code as an SVG (react-qr-code), also for a WhatsApp-sized text', () => {
    const qrcode = `2@${'A1b2C3d4'.repeat(30)},${'x'.repeat(44)}=,${'y'.repeat(44)}=,${'z'.repeat(44)}=`;
    view = render(<QrCodeModal connection={conn({ qrcode })} onClose={vi.fn()} />);
    const svg = byTestId('qrcode-image');
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg.dataset.value).toBe(qrcode);
    expect(svg.getAttribute('aria-label')).toBe('QR Code da conexão');
    const dark = [...svg.querySelectorAll('path')].find((path) => path.getAttribute('fill') === '#000000');
    expect(dark.getAttribute('d').length).toBeGreaterThan(1000);
    expect(byTestId('qrcode-waiting')).toBeNull();
  });

  it('waits instead of drawing while there is no QR code to read', () => {
    view = render(<QrCodeModal connection={conn({ status: 'OPENING', qrcode: '' })} onClose={vi.fn()} />);
    expect(byTestId('qrcode-image')).toBeNull();
    expect(byTestId('qrcode-waiting')).not.toBeNull();
  });
});

describe('QrCodeModal pairing by phone number', () => {
  let view;
  afterEach(() => {
    view?.unmount();
    vi.clearAllMocks();
  });

  it('asks for a code with the digits of a valid number and shows it live as XXXX-XXXX', async () => {
    view = render(<QrCodeModal connection={conn()} onClose={vi.fn()} />);
    expect(byTestId('pairing-panel')).toBeNull();
    expect(byTestId('pairing-open').textContent).toBe('Conectar com número de telefone');
    await click(byTestId('pairing-open'));
    expect(byTestId('pairing-panel').textContent).toContain('Conectar com número de telefone');

    type(byTestId('pairing-number'), '551199999');
    await click(byTestId('pairing-request'));
    expect(requestPairingCode).not.toHaveBeenCalled();
    expect(byTestId('pairing-panel').textContent).toContain('Informe de 10 a 15 dígitos');

    type(byTestId('pairing-number'), '+55 (11) 99999-8888');
    await click(byTestId('pairing-request'));
    expect(requestPairingCode).toHaveBeenCalledWith(7, '5511999998888');
    expect(byTestId('pairing-waiting').textContent).toBe('Gerando o código…');

    view.rerender(<QrCodeModal connection={conn({ pairingCode: 'ABCD-EFGH' })} onClose={vi.fn()} />);
    expect(byTestId('pairing-code').textContent).toBe('ABCD-EFGH');
    expect(byTestId('pairing-waiting')).toBeNull();
  });

  it('opens on the code a session already shows, says when none came, and goes back to the QR code', async () => {
    view = render(<QrCodeModal connection={conn({ pairingCode: 'WXYZ2345' })} onClose={vi.fn()} />);
    expect(byTestId('pairing-code').textContent).toBe('WXYZ-2345');

    view.rerender(<QrCodeModal connection={conn()} onClose={vi.fn()} />);
    await click(byTestId('pairing-open'));
    type(byTestId('pairing-number'), '5511999998888');
    await click(byTestId('pairing-request'));
    view.rerender(<QrCodeModal connection={conn({ pairingError: 'server returned error 400' })} onClose={vi.fn()} />);
    expect(byTestId('pairing-error').textContent).toContain('Não foi possível gerar o código');
    view.rerender(<QrCodeModal connection={conn({ qrcode: '2@refreshed' })} onClose={vi.fn()} />);
    expect(byTestId('pairing-error')).not.toBeNull(); // a QR refresh carries no error: still said
    expect(byTestId('pairing-waiting')).toBeNull();

    await click(byTestId('pairing-use-qr'));
    expect(byTestId('pairing-panel')).toBeNull();
    expect(byTestId('pairing-open')).not.toBeNull();
  });
});
