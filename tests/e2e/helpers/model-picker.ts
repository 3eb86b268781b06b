import type { Page } from 'playwright-core';

/**
 * What the panel's model picker shows, and whether all of it is on screen: the chosen option's text
 * drawn in the select's font must fit inside the select (less its padding and the arrow), and the
 * select inside the panel.
 */
export async function modelPickerShown(page: Page): Promise<{ text: string; whole: boolean; hover: string }> {
  return page.getByTestId('model-picker').evaluate((el) => {
    const select = el as HTMLSelectElement;
    const text = select.selectedOptions[0]?.textContent ?? '';
    const style = getComputedStyle(select);
    const ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return { text, whole: false, hover: select.title };
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    // Chromium draws the drop-down arrow in about 20 px at the right of the padding box.
    const room =
      select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight) - 20;
    const box = select.getBoundingClientRect();
    const whole = ctx.measureText(text).width <= room && box.right <= document.documentElement.clientWidth;
    return { text, whole, hover: select.title };
  });
}
