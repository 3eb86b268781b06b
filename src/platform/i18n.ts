export type Translate = (key: string, substitutions?: string | string[]) => string;

/** Falls back to the key itself so a missing string is visible rather than blank. */
export const t: Translate = (key, substitutions) => {
  const s = typeof chrome !== 'undefined' ? chrome.i18n?.getMessage(key, substitutions) : '';
  return s || key;
};

export const uiLanguage = (): string =>
  typeof chrome !== 'undefined' && chrome.i18n ? chrome.i18n.getUILanguage() : 'en';
