import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';
import { chineseWords } from '../../../src/citations/cross-language/lexicon';

// A Chinese page and English claims: names and words the page writes in Chinese only.
const page = {
  url: 'https://news.example/zh',
  title: '人工智能公司',
  text:
    '谷歌在2014年收购了一家位于伦敦的人工智能公司。\n' +
    '这家公司开发的计算机可以规划伦敦地铁的路线，速度比去年快3倍。\n' +
    '该公司在2016年发表了一篇科学论文。\n',
};

const cited = (sentence: string) => citeAnswer(sentence, [page]).sentences[0]?.citations ?? [];

describe('citations from a Chinese page through the CC-CEDICT lexicon', () => {
  it('holds an English name the page writes in Chinese (Google = 谷歌, London = 伦敦)', () => {
    expect(cited('Google bought the company, which is based in London, in 2014.')).toEqual([1]);
  });

  it('does not cite it with another company or year', () => {
    expect(cited('Microsoft bought the company, which is based in London, in 2014.')).toEqual([]);
    expect(cited('Google bought the company, which is based in London, in 2016.')).toEqual([]);
  });

  it('counts translated words beside a name, and a longer name by its common noun', () => {
    // "London Underground" is 伦敦地铁; company, computer and plan are 公司, 计算机, 规划.
    expect(cited("The company's computer can plan routes on the London Underground.")).toEqual([1]);
  });

  it('never holds a name of one word by a common word (Science the journal is no 科学)', () => {
    expect(cited('In 2016 the company published a paper in Science.')).toEqual([]);
  });

  it('bridges nothing with function words, and segments by the longest word', () => {
    expect(chineseWords('的是有')).toEqual([]);
    expect(chineseWords('伦敦地铁')).toEqual(['伦敦', '地铁']);
  });
});
