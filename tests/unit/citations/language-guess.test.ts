import { describe, expect, it } from 'vitest';
import { guessLanguage } from '../../../src/citations/cross-language/language-guess';

describe('guessLanguage', () => {
  it('tells the languages the citation matcher reads apart', () => {
    expect(guessLanguage('The update adds the creation of one-time passwords.')).toBe('en');
    expect(guessLanguage('Die Xbox One X wiegt 8,4 Pfund und ist nicht laut.')).toBe('de');
    expect(guessLanguage("L'étude a été présentée à la réunion annuelle.")).toBe('fr');
    expect(guessLanguage('La fundación lanzó la Raspberry Pi 3 por 35 dólares.')).toBe('es');
    expect(guessLanguage('Obama řekl, že Kongres schválí dohodu.')).toBe('cs');
    expect(guessLanguage('《Super Mario Run》将于12月15日在iPhone上推出。')).toBe('zh');
    expect(guessLanguage('DeepMindは研究結果を『Nature』に発表した。')).toBe('ja');
  });

  it('says unknown for a Latin-script text with none of its function words', () => {
    expect(guessLanguage('Xbox One X: 500 Dollar')).toBe('unknown');
    // A lone "a" or "s" is English as much as Czech.
    expect(guessLanguage("Each worker host runs a single Executor's processes.")).toBe('unknown');
  });
});
