import type { Page } from 'playwright-core';

export interface ChipLayout {
  title: string;
  /** Pixels of the title's words a user can see: the title's width times the lines it shows. */
  shownPx: number;
  /** The title's lines that show. */
  lines: number;
  left: number;
  right: number;
  height: number;
}

/** Each numbered source chip under the answer: how much of its title shows, and where it sits. */
export async function chipLayouts(
  page: Page,
): Promise<{ row: { left: number; right: number }; chips: ChipLayout[] }> {
  return page.evaluate(() => {
    const list = document.querySelector('.source-chips')?.getBoundingClientRect();
    const chips = [...document.querySelectorAll<HTMLElement>('.source-chips .chip')].map((chip) => {
      const title = chip.querySelector<HTMLElement>('.chip-title');
      // The room the title has: its width times the lines it shows (its words overflow that room
      // when they are cut, so the room is what a user reads of them).
      const lineHeight = title ? Number.parseFloat(getComputedStyle(title).lineHeight) : 1;
      const lines = title ? Math.round(title.clientHeight / lineHeight) : 0;
      const c = chip.getBoundingClientRect();
      return {
        title: title?.textContent ?? '',
        shownPx: (title?.clientWidth ?? 0) * lines,
        lines,
        left: Math.round(c.left),
        right: Math.round(c.right),
        height: Math.round(c.height),
      };
    });
    return { row: { left: Math.round(list?.left ?? 0), right: Math.round(list?.right ?? 0) }, chips };
  });
}
