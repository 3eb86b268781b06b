/**
 * Which locale a query is searched in. A query written in Chinese, Japanese or Korean is searched in that
 * language's locale whatever the browser's language is; otherwise the caller's locale (if any) is used.
 */

const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/;
const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\u{20000}-\u{2ffff}]/u;

export function cjkLocale(query: string): 'zh-CN' | 'ja-JP' | 'ko-KR' | undefined {
  // Japanese text mixes kanji with kana, so kana decides before Han does.
  if (KANA.test(query)) return 'ja-JP';
  if (HANGUL.test(query)) return 'ko-KR';
  if (HAN.test(query)) return 'zh-CN';
  return undefined;
}

export function effectiveLocale(query: string, locale: string | undefined): string | undefined {
  return cjkLocale(query) ?? (locale?.trim() || undefined);
}

export interface LocaleParts {
  /** Lowercase primary language, e.g. `zh`. */
  language: string;
  /** Uppercase region, e.g. `CN`, when present. */
  region: string | undefined;
}

export function localeParts(locale: string | undefined): LocaleParts | undefined {
  if (!locale) return undefined;
  const match = /^([a-z]{2,3})(?:[-_]([a-z]{2}|\d{3}))?/i.exec(locale.trim());
  if (!match?.[1]) return undefined;
  return { language: match[1].toLowerCase(), region: match[2]?.toUpperCase() };
}
