/**
 * Turndown rules that write data tables as pipe tables. Layout tables (old sites put whole pages in
 * them) keep turndown's default block handling so their paragraphs stay paragraphs.
 */
import type TurndownService from 'turndown';

const layoutCache = new WeakMap<Element, boolean>();

function isDataTable(table: Element): boolean {
  const cached = layoutCache.get(table);
  if (cached !== undefined) return !cached;
  let layout = table.querySelector('table') !== null;
  if (!layout) {
    for (const cell of Array.from(table.querySelectorAll('td, th'))) {
      const blocks = cell.querySelectorAll('p, div, ul, ol, h1, h2, h3, h4, h5, h6, blockquote, pre').length;
      if (blocks > 1 || (cell.textContent ?? '').length > 400) {
        layout = true;
        break;
      }
    }
  }
  layoutCache.set(table, layout);
  return !layout;
}

function inDataTable(node: HTMLElement): boolean {
  const table = node.closest('table');
  return table !== null && isDataTable(table);
}

function cellText(content: string): string {
  return content
    .replace(/\s*\n+\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
}

function isFirstRow(row: HTMLElement): boolean {
  const table = row.closest('table');
  return table !== null && table.querySelector('tr') === row;
}

export function addTableRules(service: TurndownService): void {
  service.addRule('tableCell', {
    filter: (node) => (node.nodeName === 'TD' || node.nodeName === 'TH') && inDataTable(node),
    replacement: (content) => ` ${cellText(content)} |`,
  });
  service.addRule('tableRow', {
    filter: (node) => node.nodeName === 'TR' && inDataTable(node),
    replacement: (content, node) => {
      const line = `|${content.replace(/\n/g, ' ')}`;
      if (!isFirstRow(node)) return `\n${line}\n`;
      const cells = node.querySelectorAll('td, th').length;
      return `\n${line}\n|${' --- |'.repeat(Math.max(cells, 1))}\n`;
    },
  });
  service.addRule('tableSection', {
    filter: (node) =>
      (node.nodeName === 'THEAD' || node.nodeName === 'TBODY' || node.nodeName === 'TFOOT') &&
      inDataTable(node),
    replacement: (content) => content,
  });
  service.addRule('table', {
    filter: (node) => node.nodeName === 'TABLE' && isDataTable(node),
    replacement: (content) => `\n\n${content.replace(/\n{2,}/g, '\n').trim()}\n\n`,
  });
}
