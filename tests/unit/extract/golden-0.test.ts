import { describe } from 'vitest';
import { defineGoldenSuite } from './golden-suite';

describe('extract on real pages (part 1 of 2)', () => defineGoldenSuite(0, 2));
