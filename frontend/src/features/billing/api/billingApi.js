import { api } from '../../../services/api';

export const INVOICES_PATH = '/invoices';

export const getInvoice = (id) => api.get(`/invoices/${id}`);
/** POST /subscription: the checkout; answers the invoice's Pix { qrcode: { qrcode }, valor: { original }, txid, invoice }. */
export const subscribe = (data) => api.post('/subscription', data);
/** Super users: mark an invoice paid by hand. */
export const markInvoicePaid = (id) => api.put(`/invoices/${id}`, { status: 'paid' });
