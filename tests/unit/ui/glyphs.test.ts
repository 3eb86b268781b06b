import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

// Pictographs past the Basic Multilingual Plane (🔍, 📄, ✅'s cousins) are drawn only by a colour-emoji
// font; where none is installed (headless Chromium, many Linux desktops) they show as a missing-glyph
// box. Marks like ✓ ✗ ● ◐ are in the common text fonts and may stay.
const NEEDS_EMOJI_FONT = /[\u{1F000}-\u{1FAFF}]/u;

describe('what the panel and options page show needs no emoji font', () => {
  const sources = [
    ...filesUnder(path.join(root, 'src/ui')).filter((f) => /\.(tsx?|css)$/.test(f)),
    ...filesUnder(path.join(root, 'public/_locales')).filter((f) => f.endsWith('.json')),
  ];

  it('no UI source or message uses an emoji pictograph', () => {
    const found = sources.flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(root, f)}:${i + 1}` }))
        .filter(({ line }) => NEEDS_EMOJI_FONT.test(line))
        .map(({ line, at }) => `${at}: ${line.trim()}`),
    );
    expect(sources.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
  });
});
