/** Pairing a WhatsApp connection by phone number (the server's rule: 10 to 15 digits). */

/** The digits of what was typed ("+55 (11) 99999-8888" → "5511999998888"). */
export const phoneDigits = (input) => String(input || '').replace(/\D/g, '');

/** Whether digits are a full international number WhatsApp can pair with. */
export const validPairingNumber = (digits) => /^[1-9]\d{9,14}$/.test(digits);

/** WhatsApp's 8-character code as XXXX-XXXX, easy to read out and type. */
export function formatPairingCode(code) {
  const plain = String(code || '').replace(/[^0-9a-z]/gi, '').toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}
