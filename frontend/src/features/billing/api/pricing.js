// Business constants of the checkout (spec/2 §9); the server computes the same amounts.
export const DEFAULT_PLAN_PRICE = 49;
export const PRICE_PER_USER = 11;
export const PRICE_PER_CONNECTION = 20;
export const CUSTOM_MIN = 3;
export const PAID_REDIRECT_MS = 4000;
export const PLAN_CURRENT = 'current';
export const PLAN_CUSTOM = 'custom';

/** A custom plan's monthly price: 11 per user and 20 per connection. */
export const customPrice = (users, connections) => users * PRICE_PER_USER + connections * PRICE_PER_CONNECTION;

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Brazilian currency with 2 decimals, e.g. "R$ 49,00". */
export const formatMoney = (value) => BRL.format(Number(value) || 0).replace(/\u00a0/g, ' ');

export const isPaid = (invoice) => invoice?.status === 'paid';

/** The checkout's data step: full name and CPF/CNPJ are required. */
export function validateData(data) {
  const errors = {};
  if (!data.firstName?.trim()) errors.firstName = 'billing.checkout.errors.firstName';
  if (!data.zipcode?.trim()) errors.zipcode = 'billing.checkout.errors.zipcode';
  return errors;
}

/** The custom plan's choice: at least 3 users and 3 connections. */
export function validateCustom({ users, connections }) {
  const errors = {};
  if (!(Number(users) >= CUSTOM_MIN)) errors.users = 'billing.checkout.errors.users';
  if (!(Number(connections) >= CUSTOM_MIN)) errors.connections = 'billing.checkout.errors.connections';
  return errors;
}
