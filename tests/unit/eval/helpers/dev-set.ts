import { readFileSync } from 'node:fs';
import { DEV_SET } from '../../../../scripts/lib/eval-site';

export interface DevQuestion {
  id: string;
  question: string;
  answer: string;
  lang: string;
  /** The page of the eval site that holds the answer. */
  source: string;
}

export function loadDevSet(): DevQuestion[] {
  return readFileSync(DEV_SET, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as DevQuestion);
}
