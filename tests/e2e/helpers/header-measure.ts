import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './paths';

/** Whether every item of the header sits on one line (their vertical centres agree). */
export async function headerOnOneLine(page: Page): Promise<boolean> {
  const centres = await page
    .locator('.panel-header > *')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => r.top + r.height / 2));
  return centres.length >= 4 && Math.max(...centres) - Math.min(...centres) < 4;
}

/** The header's words in every locale we ship, with each label the health dot can show. */
export function headerTexts(): Array<{
  locale: string;
  health: string;
  label: string;
  nav: string[];
  options: string;
}> {
  const dir = path.join(repoRoot, 'public/_locales');
  return readdirSync(dir).flatMap((locale) => {
    const m = JSON.parse(readFileSync(path.join(dir, locale, 'messages.json'), 'utf8')) as Record<
      string,
      { message: string }
    >;
    const say = (key: string) => m[key]?.message ?? key;
    return ['ok', 'busy', 'idle', 'down', 'loading', 'running'].map((health) => ({
      locale,
      health,
      label: say(`health_${health}`),
      nav: [say('navResearch'), say('navHistory')],
      options: say('openOptions'),
    }));
  });
}

/**
 * Puts each set of words in the header and measures it in the same task (so no re-render comes
 * between): whether it stays one line inside the panel with the tabs and Options uncut.
 */
export async function headerFits(page: Page, texts: ReturnType<typeof headerTexts>) {
  return page.evaluate((all) => {
    const header = document.querySelector<HTMLElement>('.panel-header');
    const label = header?.querySelector<HTMLElement>('.health-label');
    const dot = header?.querySelector<HTMLElement>('.dot');
    const tabs = [...(header?.querySelectorAll<HTMLElement>('.tabs button') ?? [])];
    const options = header?.querySelector<HTMLElement>('[data-testid=open-options]');
    if (!header || !label || !dot || !options || tabs.length !== 2) return ['header not found'];
    const saved = [label.textContent, dot.className, options.textContent, ...tabs.map((b) => b.textContent)];
    const bad: string[] = [];
    for (const t of all) {
      label.textContent = t.label;
      dot.className = `dot ${t.health}`;
      options.textContent = t.options;
      tabs.forEach((b, i) => {
        b.textContent = t.nav[i] ?? '';
      });
      const box = header.getBoundingClientRect();
      const items = [...header.children].map((e) => e.getBoundingClientRect());
      const centres = items.map((r) => r.top + r.height / 2);
      const uncut = [...tabs, options].every((e) => e.scrollWidth <= e.clientWidth + 1);
      const inside = items.every((r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5);
      const dotShown = dot.getBoundingClientRect().width >= 8;
      if (Math.max(...centres) - Math.min(...centres) >= 4 || !uncut || !inside || !dotShown)
        bad.push(`${t.locale} ${t.health} "${t.label}"`);
    }
    label.textContent = saved[0] ?? '';
    dot.className = saved[1] ?? '';
    options.textContent = saved[2] ?? '';
    tabs.forEach((b, i) => {
      b.textContent = saved[3 + i] ?? '';
    });
    return bad;
  }, texts);
}
