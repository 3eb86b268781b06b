import type { WindowSummary } from './summary';

/**
 * Pass@K over K as a small standalone SVG line chart, one line per context window. Plain SVG with
 * system fonts so it renders in any browser or markdown viewer.
 */

const W = 560;
const H = 320;
const PAD = { left: 56, right: 140, top: 24, bottom: 44 };
const COLOURS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2'];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function passAtKSvg(windows: readonly WindowSummary[], attempts: number): string {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (k: number) => PAD.left + (attempts <= 1 ? plotW / 2 : ((k - 1) / (attempts - 1)) * plotW);
  const y = (p: number) => PAD.top + (1 - p) * plotH;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="#fff"/>`,
    `<text x="${PAD.left}" y="16" font-weight="600">Pass@K</text>`,
  ];
  for (let i = 0; i <= 4; i++) {
    const p = i / 4;
    parts.push(
      `<line x1="${PAD.left}" x2="${PAD.left + plotW}" y1="${y(p)}" y2="${y(p)}" stroke="#e5e7eb"/>`,
      `<text x="${PAD.left - 8}" y="${y(p) + 4}" text-anchor="end" fill="#374151">${Math.round(p * 100)}%</text>`,
    );
  }
  for (let k = 1; k <= attempts; k++) {
    parts.push(
      `<text x="${x(k)}" y="${PAD.top + plotH + 18}" text-anchor="middle" fill="#374151">${k}</text>`,
    );
  }
  parts.push(
    `<text x="${PAD.left + plotW / 2}" y="${H - 8}" text-anchor="middle" fill="#374151">K (attempts per question)</text>`,
  );
  windows.forEach((w, i) => {
    const colour = COLOURS[i % COLOURS.length] ?? '#000';
    const points: Array<[number, number]> = [];
    for (let k = 1; k <= attempts; k++) {
      const p = w.passAtK[String(k)];
      if (p !== null && p !== undefined) points.push([x(k), y(p)]);
    }
    if (points.length > 1) {
      const d = points.map(([px, py], j) => `${j ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join(' ');
      parts.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    }
    for (const [px, py] of points)
      parts.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3" fill="${colour}"/>`);
    const ly = PAD.top + 12 + i * 18;
    parts.push(
      `<line x1="${W - PAD.right + 16}" x2="${W - PAD.right + 36}" y1="${ly - 4}" y2="${ly - 4}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${W - PAD.right + 42}" y="${ly}" fill="#111827">${esc(`window ${w.window}`)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
