/** Host without a leading `www.`, or '' when the URL cannot be parsed (model output is untrusted). */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '');
  } catch {
    return '';
  }
}

/** Only web links may become clickable; anything else (javascript:, data:, chrome:) stays text. */
export function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
