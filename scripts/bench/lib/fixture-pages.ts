import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, sharedPagesDir } from '../../../tests/e2e/helpers/paths';

export interface PageSet {
  dir: string;
  names: string[];
}

/** Real-world pages: the shared corpus when present, else the project's own copies, else null. */
export function fixturePages(): PageSet | null {
  for (const dir of [sharedPagesDir, path.join(repoRoot, 'tests/fixtures/pages')]) {
    if (!existsSync(dir)) continue;
    const names = readdirSync(dir)
      .filter((d) => existsSync(path.join(dir, d, 'source.html')))
      .sort();
    if (names.length) return { dir, names };
  }
  return null;
}

/** `count` names spread evenly over the sorted list, so the sample is stable and not all one site. */
export function spread(names: readonly string[], count: number): string[] {
  if (names.length <= count) return [...names];
  const step = names.length / count;
  return Array.from({ length: count }, (_, i) => names[Math.floor(i * step)]).filter(
    (n): n is string => n !== undefined,
  );
}
