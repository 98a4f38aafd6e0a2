import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import pt from './pt';
import en from './en';
import es from './es';
import tr from './tr';
import ticketsPt from '../features/tickets/i18n/pt';
import ticketsEn from '../features/tickets/i18n/en';
import ticketsEs from '../features/tickets/i18n/es';
import ticketsTr from '../features/tickets/i18n/tr';

export const LANGUAGES = ['pt', 'en', 'es', 'tr'];
/** Deep merge of translation trees: features keep their texts in their own files. */
export function mergeTexts(...trees) {
  const out = {};
  trees.forEach((tree) => {
    Object.entries(tree || {}).forEach(([key, value]) => {
      out[key] = value && typeof value === 'object' && out[key] && typeof out[key] === 'object' ? mergeTexts(out[key], value) : value;
    });
  });
  return out;
}

export const resources = {
  pt: mergeTexts(pt, ticketsPt),
  en: mergeTexts(en, ticketsEn),
  es: mergeTexts(es, ticketsEs),
  tr: mergeTexts(tr, ticketsTr),
};
const LANGUAGE_KEY = 'language';

function storedLanguage() {
  const value = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_KEY) : null;
  return LANGUAGES.includes(value) ? value : 'pt';
}

i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: resources[lng] }])),
  lng: storedLanguage(),
  fallbackLng: 'pt',
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Switches the interface language and keeps the choice in this browser. */
export function changeLanguage(lng) {
  localStorage.setItem(LANGUAGE_KEY, lng);
  document.documentElement.lang = lng;
  return i18n.changeLanguage(lng);
}

export default i18n;
