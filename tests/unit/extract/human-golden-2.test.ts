import { describe } from 'vitest';
import { defineHumanGoldenSuite } from './human-golden-suite';

describe('human-labelled golden pages (part 3 of 3)', () => {
  defineHumanGoldenSuite(2, 3);
});
