import { describe } from 'vitest';
import { defineGoldenSuite } from './golden-suite';

describe('extract on real pages (part 2 of 2)', () => defineGoldenSuite(1, 2));
