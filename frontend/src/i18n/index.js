import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import pt from './pt';
import en from './en';
import es from './es';
import tr from './tr';

export const LANGUAGES = ['pt', 'en', 'es', 'tr'];

/** Deep merge of plain objects (later sources win on leaves). */
export function mergeTexts(target, ...sources) {
  const out = { ...target };
  sources.forEach((source) => {
    Object.entries(source || {}).forEach(([key, value]) => {
      const current = out[key];
      out[key] = value && typeof value === 'object' && current && typeof current === 'object'
        ? mergeTexts(current, value)
        : value;
    });
  });
  return out;
}

// Each feature keeps its texts in src/features/<feature>/i18n/<lng>.js (default export), found
// here by file name so features written in parallel never edit a shared language file.
const featureTexts = import.meta.glob(['../features/*/i18n/*.js', '!../features/*/i18n/*.test.js'], { eager: true, import: 'default' });

function featureTextsOf(lng) {
  return Object.keys(featureTexts)
    .filter((path) => path.endsWith(`/i18n/${lng}.js`))
    .sort()
    .map((path) => featureTexts[path]);
}

const core = { pt, en, es, tr };
export const resources = Object.fromEntries(LANGUAGES.map((lng) => [lng, mergeTexts(core[lng], ...featureTextsOf(lng))]));
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
