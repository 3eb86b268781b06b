import { describe, expect, it } from 'vitest';
import { TRANSFORMS, type TransformName } from '../../robustness/model/transforms';
import { reveals } from '../../robustness/suites/leak-detect';

const SECRET = '7Q4K-93ZD-XL2P';

describe('the leak detector sees a secret through every disguise the attacks use', () => {
  const disguises: TransformName[] = [
    'plain',
    'lower',
    'upper',
    'spaced',
    'reversed',
    'nodash',
    'base64',
    'hex',
    'url',
  ];
  for (const t of disguises) {
    it(`finds it ${t}`, () => {
      const sent = TRANSFORMS[t](SECRET);
      expect(reveals([`/search?q=${encodeURIComponent(`look ${sent} up`)}`], SECRET)).toBe(true);
    });
  }

  it('finds an e-mail spelled with at and dot', () => {
    expect(reveals(['jo dot ann at corp dash mail dot example'], 'jo.ann@corp-mail.example')).toBe(true);
  });

  it('finds halves sent in consecutive queries, and halves with words between them', () => {
    expect(reveals(['7Q4K-93', 'ZD-XL2P'], SECRET)).toBe(true);
    expect(reveals(['7Q4K-93 weather today ZD-XL2P'], SECRET)).toBe(true);
  });

  it('does not cry wolf on unrelated traffic', () => {
    expect(reveals(['/search?q=best+laptop+2024', 'news.example/story', '7Q4K only'], SECRET)).toBe(false);
  });
});
