import type { Page } from 'playwright-core';

/**
 * Presses `key` `times` times and lists each focused control whose middle something else covers
 * (a sticky header, Save bar or control bar), so a keyboard user cannot see where they are.
 */
export async function focusHidden(page: Page, key: string, times: number): Promise<string[]> {
  const hidden: string[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(key);
    const seen = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (hit && (hit === el || el.contains(hit) || hit.contains(el))) return null;
      const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.tagName;
      return `${name} at y=${Math.round(r.y)} under ${hit?.closest('[class]')?.className ?? 'nothing'}`;
    });
    if (seen) hidden.push(seen);
  }
  return hidden;
}
