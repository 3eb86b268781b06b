import type { Page } from 'playwright-core';

/** Per history row: the title's share of the row's width, whether it is cut, its hover text, its buttons. */
export async function historyRowLayout(page: Page) {
  return page.getByTestId('history-item').evaluateAll((items) =>
    items.map((li) => {
      const q = li.querySelector<HTMLElement>('.history-question');
      const buttons = [...li.querySelectorAll<HTMLElement>('[data-testid^=history-]')].filter(
        (b) => b.tagName === 'BUTTON',
      );
      return {
        question: q?.textContent ?? '',
        titleShare: (q?.getBoundingClientRect().width ?? 0) / li.getBoundingClientRect().width,
        cut: !q || q.scrollWidth > q.clientWidth + 1 || q.scrollHeight > q.clientHeight + 1,
        hover: li.querySelector('.history-open')?.getAttribute('title') ?? null,
        buttons: buttons.length,
        buttonHeight: Math.max(0, ...buttons.map((b) => b.getBoundingClientRect().height)),
      };
    }),
  );
}

/**
 * Where each history row's last button ends its words, where the rows end, and where "⋯ More" ends
 * (its box: it is outlined).
 */
export async function historyRightEdges(page: Page): Promise<{ rows: number[]; row: number; more: number }> {
  return page.evaluate(() => {
    const textRight = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect().right;
    };
    const items = [...document.querySelectorAll('[data-testid=history-item]')];
    return {
      rows: items.flatMap((li) => {
        const last = [...li.querySelectorAll('.history-actions > button')].at(-1);
        return last ? [Math.round(textRight(last))] : [];
      }),
      row: Math.round(items[0]?.getBoundingClientRect().right ?? -1),
      more: Math.round(
        document.querySelector('[data-testid=history-menu]')?.getBoundingClientRect().right ?? -1,
      ),
    };
  });
}
