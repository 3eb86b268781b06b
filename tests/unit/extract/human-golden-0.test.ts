import { describe } from 'vitest';
import { defineHumanGoldenSuite } from './human-golden-suite';

describe('human-labelled golden pages (part 1 of 3)', () => {
  defineHumanGoldenSuite(0, 3);
});
