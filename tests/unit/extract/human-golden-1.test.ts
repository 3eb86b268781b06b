import { describe } from 'vitest';
import { defineHumanGoldenSuite } from './human-golden-suite';

// One test per labelled page in this part, then one for the part's overall scores (see the suite).
describe('human-labelled golden pages (part 2 of 3)', () => {
  defineHumanGoldenSuite(1, 3);
});
