import { describe, expect, it } from 'vitest';
import { matchTerms, words } from '../../../src/text/words';

describe('words', () => {
  it('keeps apostrophes, dotted abbreviations and grouped numbers inside one word', () => {
    expect(words("Don't pay $1,400 or 3.14 to the U.S. today")).toEqual([
      "don't",
      'pay',
      '1,400',
      'or',
      '3.14',
      'to',
      'the',
      'u.s',
      'today',
    ]);
  });

  it('counts Chinese and Japanese by character and Korean by word', () => {
    expect(words('人工智能AI')).toEqual(['人', '工', '智', '能', 'ai']);
    expect(words('東京は首都')).toHaveLength(5);
    expect(words('한국어 문장입니다')).toEqual(['한국어', '문장입니다']);
  });

  it('finds Thai words with the dictionary instead of counting a whole sentence as one word', () => {
    expect(words('ภาษาไทยง่ายนิดเดียว')).toEqual(['ภาษา', 'ไทย', 'ง่าย', 'นิด', 'เดียว']);
  });
});

describe('matchTerms', () => {
  it('drops stop words and possessives, so "Zealand\'s" matches "Zealand"', () => {
    expect(matchTerms("The kiwi is New Zealand's bird")).toEqual(['kiwi', 'new', 'zealand', 'bird']);
  });

  it('turns CJK runs into character pairs that match inside longer compounds', () => {
    expect(matchTerms('首都圏')).toEqual(['首都', '都圏']);
    expect(matchTerms('首都')).toEqual(['首都']);
    expect(matchTerms('約1400万人')).toEqual(['約', '1400', '万人']);
  });
});
