import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import pt from './pt';
import en from './en';
import es from './es';
import tr from './tr';

export const LANGUAGES = ['pt', 'en', 'es', 'tr'];
export const resources = { pt, en, es, tr };
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
