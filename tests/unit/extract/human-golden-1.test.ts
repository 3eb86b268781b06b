import { describe } from 'vitest';
import { defineHumanGoldenSuite } from './human-golden-suite';

describe('human-labelled golden pages (part 2 of 3)', () => {
  defineHumanGoldenSuite(1, 3);
});
