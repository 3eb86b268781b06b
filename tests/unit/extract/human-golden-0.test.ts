import { describe } from 'vitest';
import { defineHumanGoldenSuite } from './human-golden-suite';

// One test per labelled page in this part, then one for the part's overall scores (see the suite).
describe('human-labelled golden pages (part 1 of 3)', () => {
  defineHumanGoldenSuite(0, 3);
});
