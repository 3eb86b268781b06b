import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';

/**
 * Sentences that reuse a page's words but say something else must not be cited; their honest
 * restatements must be. Each pair differs in one thing a reader would notice.
 */
const pi = {
  url: 'https://pi.example/article',
  title: 'Raspberry Pi 3 review',
  text: [
    'The Raspberry Pi 3 is about ten times faster than the original Raspberry Pi.',
    'It is not sold in shops; it is available from online resellers.',
    'Four of the five testers preferred it to the Raspberry Pi 2.',
    'The board costs $35 and was released in February 2016 by the foundation.',
  ].join('\n'),
};
const heise = {
  url: 'https://heise.example/artikel',
  title: '1Password für Mac',
  text: 'Die TOTP-Unterstützung verringert die Sicherheit, weil es keinen echten zweiten Faktor mehr gibt. 1Password kostet knapp 50 Euro.',
};
const zh = {
  url: 'https://zh.example/a',
  title: '太空饮酒',
  text: '在这项研究中，17名男子在地面喝了伏特加。研究人员发现酒精和海拔高度没有交互作用。',
};

const kit = {
  url: 'https://kit.example/review',
  title: 'Starter kit review',
  text: [
    'The case is 59% plastic and 27% aluminium.',
    'The more kits a school buys, the higher the discount it gets and the less it pays per kit.',
    'The sales pitch did not work on Broadcom, which signed the supply deal in 2016.',
    'It might sound like a toy for children, but that is not the case.',
    'Setting it up takes just one cable.',
    'A tester had used two cables – the manual says to connect three.',
  ].join('\n'),
};
const deal = {
  url: 'https://deal.example/news',
  title: 'Acme buys a kit maker',
  text: [
    'Acme bought the kit maker for less than its $40 million asking price.',
    'The $20 million goes to the parent company. Its staff will not receive any of it.',
    'Hock Tan, a senior analyst at Lumen Research, shared his view of the deal.',
    'The kit was designed by Eben Upton in 2012.',
  ].join('\n'),
};
const zhJournal = {
  url: 'https://zh.example/b',
  title: '新电脑',
  text: 'DeepMind已将其研究结果发表在科学刊物《自然》上。',
};

const cited = (answer: string, pages = [pi]) => citeAnswer(answer, pages).sentences[0]?.citations ?? [];

describe('citations: a claim that reuses the page words to say something else', () => {
  it('needs every number it states', () => {
    expect(cited('The board costs $35.')).toEqual([1]);
    expect(cited('The board costs $45.')).toEqual([]);
    expect(cited('The board was released in February 2016.')).toEqual([1]);
    expect(cited('The board was released in February 2015.')).toEqual([]);
    expect(cited('1Password kostet knapp 30 Euro.', [heise])).toEqual([]);
    expect(cited('在这项研究中，27名男子喝了伏特加。', [zh])).toEqual([]);
    expect(cited('在这项研究中，17名男子喝了伏特加。', [zh])).toEqual([1]);
  });

  it('agrees on negation', () => {
    expect(cited('The Raspberry Pi 3 is not sold in shops.')).toEqual([1]);
    expect(cited('The Raspberry Pi 3 is sold in shops.')).toEqual([]);
    expect(cited('研究人员发现酒精和海拔高度有交互作用。', [zh])).toEqual([]);
  });

  it('does not add a quantifier the page does not state', () => {
    expect(cited('All five testers preferred it to the Raspberry Pi 2.')).toEqual([]);
    expect(cited('Four of the five testers preferred it to the Raspberry Pi 2.')).toEqual([1]);
  });

  it('keeps the direction of a comparison', () => {
    expect(cited('The Raspberry Pi 3 is about ten times slower than the original Raspberry Pi.')).toEqual([]);
    expect(cited('Die TOTP-Unterstützung erhöht die Sicherheit.', [heise])).toEqual([]);
    expect(cited('Die TOTP-Unterstützung verringert die Sicherheit.', [heise])).toEqual([1]);
  });

  it('needs the names it states', () => {
    expect(cited('The board was released in February 2016 by the foundation.')).toEqual([1]);
    expect(cited('The board was released in February 2016 by Broadcom.')).toEqual([]);
  });

  it('keeps a number with the word it counts', () => {
    expect(cited('The case is 59% plastic.', [kit])).toEqual([1]);
    expect(cited('The case is 59% aluminium.', [kit])).toEqual([]);
    expect(cited('The manual says to connect three cables.', [kit])).toEqual([1]);
    expect(cited('The manual says to connect two cables.', [kit])).toEqual([]);
  });

  it('does not take a word for its opposite when the page has both directions nearby', () => {
    expect(cited('The more kits a school buys, the higher its discount.', [kit])).toEqual([1]);
    expect(cited('The more kits a school buys, the lower its discount.', [kit])).toEqual([]);
  });

  it('reads a negation as denying the next words, not a name after them', () => {
    expect(cited('Broadcom signed the supply deal in 2016.', [kit])).toEqual([1]);
  });

  it('hears the page deny what it just said', () => {
    expect(cited('The kit is a toy for children.', [kit])).toEqual([]);
  });

  it('takes "just" for "only"', () => {
    expect(cited('Setting it up only takes one cable.', [kit])).toEqual([1]);
  });

  it('needs the title named in 《》', () => {
    expect(cited('DeepMind的研究结果发表在《自然》杂志上。', [zhJournal])).toEqual([1]);
    expect(cited('DeepMind的研究结果发表在《科学》杂志上。', [zhJournal])).toEqual([]);
  });

  it('does not take a bound for the number', () => {
    expect(cited('Acme bought the kit maker for less than $40 million.', [deal])).toEqual([1]);
    expect(cited('Acme paid $40 million for the kit maker.', [deal])).toEqual([]);
  });

  it('reads a negation as said of the word before it', () => {
    expect(cited('The $20 million goes to the parent company, not to its staff.', [deal])).toEqual([1]);
  });

  it('needs the page to say who did it when the sentence names them with "by"', () => {
    expect(cited('The kit was designed by Eben Upton in 2012.', [deal])).toEqual([1]);
    expect(cited('The deal was arranged by Hock Tan of Lumen Research.', [deal])).toEqual([]);
  });

  it('needs "always" beside the word it applies to, not elsewhere in the stretch', () => {
    const parts = {
      url: 'https://parts.example/faq',
      title: 'Board FAQ',
      text: 'Spare parts can always be ordered online. The fan is quiet under load.',
    };
    expect(cited('Spare parts can always be ordered online.', [parts])).toEqual([1]);
    expect(cited('The fan is always quiet, and spare parts can be ordered online.', [parts])).toEqual([]);
  });

  it('does not take "favors" for "avoids" or "langsamer" for "beschleunigt"', () => {
    const sre = {
      url: 'https://sre.example/monitoring',
      title: 'Monitoring',
      text: 'We avoid alerting systems that learn thresholds on their own. Die Engine soll beschleunigt worden sein.',
    };
    expect(cited('We avoid alerting systems that learn thresholds on their own.', [sre])).toEqual([1]);
    expect(cited('We favor alerting systems that learn thresholds on their own.', [sre])).toEqual([]);
    expect(cited('Die Engine soll langsamer worden sein.', [sre])).toEqual([]);
  });

  it('lets a name stand between a quantifier and its word ("every Quest launch game")', () => {
    const games = {
      url: 'https://games.example/vr',
      title: 'Quest launch line-up',
      text: 'I played every launch game and picked the five worth buying. Spare parts ship slowly.',
    };
    expect(
      cited('The reviewer played every Quest launch game and picked five worth buying.', [games]),
    ).toEqual([1]);
    expect(cited('Spare parts always ship slowly.', [games])).toEqual([]);
  });

  it('needs every item of a list the sentence gives, not all but one', () => {
    const box = {
      url: 'https://shop.example/kit',
      title: 'Starter kit',
      text: 'The starter kit ships with a board, a power cable, a plastic case and a cooling fan. Delivery takes a week.',
    };
    expect(
      cited('The starter kit ships with a board, a plastic case, a cooling fan and a power cable.', [box]),
    ).toEqual([1]);
    expect(
      cited('The starter kit ships with a board, a power cable, a plastic case and a keyboard.', [box]),
    ).toEqual([]);
  });

  it('finds a list item whose word the sentence said before ("the Heartbeat Controller … Heartbeat calls")', () => {
    const hsc = {
      url: 'https://tasks.example/atf',
      title: 'Task framework',
      text: 'The Heartbeat Controller serves RPCs for claiming a task (ClaimTask), setting results (SetResults) and heartbeats (Heartbeat).',
    };
    const claim = 'The Heartbeat Controller serves the ClaimTask, SetResults and Heartbeat calls.';
    expect(cited(claim, [hsc])).toEqual([1]);
    expect(
      cited('The Heartbeat Controller serves the ClaimTask, SetResults and Status calls.', [hsc]),
    ).toEqual([]);
  });

  it('reads a negation across a hard-wrapped line break ("doesn\'t support\\nDolby Vision")', () => {
    // Wrapped at about 50 characters, as some article bodies arrive.
    const text = [
      'The Zeta plays most films well and loads discs',
      'quickly, and its menus are easy to find even for',
      'someone who has never used one before. Sadly, the',
      "Zeta doesn't support",
      'Dolby Vision, so you are stuck with the slightly',
      'less capable HDR 10 standard. That makes sense since',
      'it is more widely supported, but it would have been',
      'nice to see both. The remote is small and light,',
      'and its batteries last for months in normal use,',
      'which is more than the last model could say. The',
      'box also holds a cable, a stand and a short guide',
      'that explains the setup in a few friendly pages.',
    ].join('\n');
    const review = { url: 'https://review.example/zeta', title: 'Zeta review', text };
    expect(cited('The Zeta does not support Dolby Vision.', [review])).toEqual([1]);
    expect(cited('The Zeta supports Dolby Vision.', [review])).toEqual([]);
  });

  it('reads an acronym from the capitals of the page\'s words ("PSVR" for "PlayStation VR")', () => {
    const list = {
      url: 'https://games.example/vr',
      title: 'The best PlayStation VR games',
      text: '“Moon Rally” ($30)\nA racing game on the moon, with low gravity and long jumps.',
    };
    expect(cited('"Moon Rally" is a racing game on the moon for PSVR.', [list])).toEqual([1]);
    expect(cited('"Moon Rally" is a racing game on the moon for PCVR.', [list])).toEqual([]);
  });
});

describe('citations: negations a plain word list misreads', () => {
  const museum = {
    url: 'https://museum.example/history',
    title: 'A small museum',
    text: [
      'The museum opened its first non-commercial gallery in 1921.',
      'Its famous maps do not date from some medieval archive but from a collection bought in 1950.',
      'The founder built the museum as a gift, not just to the town but also to its schools.',
    ].join('\n'),
  };
  const zhPlan = {
    url: 'https://zh.example/c',
    title: '留学生',
    text: '他认为留学人才是未来国家智库的重要力量。她特别关注教育政策。',
  };

  it('reads "non-" as denying the word it is joined to', () => {
    expect(cited('In 1921 the museum opened its first gallery that was not commercial.', [museum])).toEqual([
      1,
    ]);
    expect(cited('In 1921 the museum opened its first commercial gallery.', [museum])).toEqual([]);
  });

  it('reads "not X but Y" as denying X, not the subject', () => {
    expect(cited('The famous maps come from a collection bought in 1950.', [museum])).toEqual([1]);
    expect(cited('The famous maps come from a medieval archive.', [museum])).toEqual([]);
  });

  it('reads "not just" as "not only"', () => {
    expect(cited('The founder built the museum as a gift to the town.', [museum])).toEqual([1]);
  });

  it('does not read a word as denied when the stretch also states it without the negation', () => {
    const player = {
      url: 'https://player.example/rant',
      title: 'A video player rant',
      text: 'Resizing the window changes its shape, and it moves the mouse to the top corner of every dialog, so when it hangs you cannot even move the mouse to close the program.',
    };
    expect(
      cited(
        'Resizing the window changes its shape, and the program moves the mouse to the top corner of every dialog.',
        [player],
      ),
    ).toEqual([1]);
    expect(cited('When it hangs you can move the mouse to close the program.', [player])).toEqual([]);
  });

  it('reads "X-not-Y" as one word, not a negation', () => {
    const team = {
      url: 'https://team.example/post',
      title: 'Our scheduler',
      text: 'The infrastructure team built its own scheduler for async tasks, a buy-not-build choice.',
    };
    expect(cited('The infrastructure team built its own scheduler for async tasks.', [team])).toEqual([1]);
    expect(cited('The infrastructure team did not build its own scheduler for async tasks.', [team])).toEqual(
      [],
    );
  });

  it('does not take 未来 (future) or 特别 (especially) for a negation', () => {
    expect(cited('他认为留学人才是未来国家智库的重要力量。', [zhPlan])).toEqual([1]);
    expect(cited('她特别关注教育政策。', [zhPlan])).toEqual([1]);
    expect(cited('他认为留学人才不是国家智库的重要力量。', [zhPlan])).toEqual([]);
  });
});
