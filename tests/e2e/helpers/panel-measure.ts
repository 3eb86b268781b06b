import type { Page } from 'playwright-core';

/** Spinners on screen (drawn boxes of the `.spinner` class, or anything else that spins). */
export async function visibleSpinners(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('main *')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).animationName === 'spin';
      }).length,
  );
}

/**
 * For each guide line marked ✓, ✗ or –: the left edges of its text's lines (the mark left out), so a
 * wrapped line that starts under the mark instead of under the first word shows as two lefts.
 */
export async function markedLineLefts(page: Page): Promise<{ text: string; lefts: number[] }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.guide p')]
      .filter((p) => p.querySelector(':scope > .check-ok, :scope > .check-bad, :scope > .check-none'))
      .map((p) => {
        // Per line (by its top), where its text starts.
        const starts = new Map<number, number>();
        for (const n of p.childNodes) {
          if (n.nodeType !== Node.TEXT_NODE) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) {
            if (r.width === 0) continue;
            const top = Math.round(r.top);
            starts.set(top, Math.min(starts.get(top) ?? r.left, r.left));
          }
        }
        return { text: p.textContent?.slice(0, 40) ?? '', lefts: [...starts.values()].map(Math.round) };
      }),
  );
}

/**
 * Where the hairline under the running view's sticky controls starts and ends (its own bottom border,
 * or the line drawn after it), beside where the header's hairline does.
 */
export async function hairlines(page: Page): Promise<{ controls: number[]; header: number[] }> {
  return page.evaluate(() => {
    const span = (el: Element | null) => {
      if (!el) return [];
      const box = el.getBoundingClientRect();
      if (Number.parseFloat(getComputedStyle(el).borderBottomWidth) > 0) return [box.left, box.right];
      const after = getComputedStyle(el, '::after');
      if (after.content === 'none' || Number.parseFloat(after.borderBottomWidth) === 0) return [];
      return [box.left + Number.parseFloat(after.left), box.right - Number.parseFloat(after.right)];
    };
    return {
      controls: span(document.querySelector('fieldset.controls')).map(Math.round),
      header: span(document.querySelector('.panel-header')).map(Math.round),
    };
  });
}

/**
 * Baselines of each line of the answer's first paragraph, top to bottom (the bottoms of its own
 * text, leaving out citation numbers, marks and their hidden quotes): a citation that makes its line
 * taller shows as one uneven gap.
 */
export async function answerLineGaps(page: Page): Promise<number[]> {
  return page
    .locator('.answer-body p')
    .first()
    .evaluate((p) => {
      const bottoms = new Set<number>();
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.parentElement?.closest('sup, .unsupported-mark, .cite-quote')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.width > 0) bottoms.add(Math.round(r.bottom));
      }
      const lines = [...bottoms].sort((a, b) => a - b);
      return lines.slice(1).map((b, i) => b - (lines[i] ?? b));
    });
}

/** Font sizes of every element that shows text, smallest first (hidden and decorative ones left out). */
export async function textSizes(page: Page, selector: string): Promise<{ px: number; text: string }[]> {
  return page.evaluate((sel) => {
    const out: { px: number; text: string }[] = [];
    for (const root of document.querySelectorAll(sel)) {
      for (const el of [root, ...root.querySelectorAll('*')]) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
        if (!own || el.closest('.visually-hidden, [aria-hidden="true"]')) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        out.push({
          px: Number.parseFloat(getComputedStyle(el).fontSize),
          text: el.textContent?.trim().slice(0, 40) ?? '',
        });
      }
    }
    return out.sort((a, b) => a.px - b.px);
  }, selector);
}
