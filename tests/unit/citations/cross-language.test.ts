import { describe, expect, it } from 'vitest';
import { citeAnswer } from '../../../src/citations/cite-answer';

// An English page and answers in other languages (the answer cites in the user's language).
const page = {
  url: 'https://news.example/sudan',
  title: 'United States to Lift Sudan Sanctions',
  text:
    'After nearly 20 years of hostile relations, the American government plans to lift trade sanctions on Sudan.\n' +
    'In 1997, President Bill Clinton imposed a comprehensive trade embargo against Sudan.\n' +
    'Officials said they did not know if Trump would stick with the policy in 2017.\n' +
    'Super Mario Run will launch on iPhone on December 15 for a flat fee of $9.99.\n',
};

const cited = (sentence: string) => citeAnswer(sentence, [page]).sentences[0]?.citations ?? [];

describe('citations across languages', () => {
  it('cites a German claim from an English page by its numbers and names', () => {
    expect(
      cited('1997 verhängte Präsident Bill Clinton ein umfassendes Handelsembargo gegen den Sudan.'),
    ).toEqual([1]);
    expect(
      cited('Nach fast 20 Jahren will die amerikanische Regierung die Sanktionen gegen den Sudan aufheben.'),
    ).toEqual([1]);
  });

  it('does not cite it with a changed number or another person', () => {
    expect(
      cited('1998 verhängte Präsident Bill Clinton ein umfassendes Handelsembargo gegen den Sudan.'),
    ).toEqual([]);
    expect(cited('1997 verhängte Präsident Jimmy Carter ein Handelsembargo gegen den Sudan.')).toEqual([]);
  });

  it('does not cite a negation stated on one side only', () => {
    expect(cited('Die Beamten wussten nicht, ob Trump 2017 an der Politik festhalten würde.')).toEqual([1]);
    expect(cited('Die Beamten wussten, dass Trump 2017 an der Politik festhalten würde.')).toEqual([]);
  });

  it('reads months, currencies and decimal commas in any of the languages', () => {
    expect(cited('《Super Mario Run》将于12月15日在iPhone上推出，售价9.99美元。')).toEqual([1]);
    expect(cited('《Super Mario Run》将于11月15日在iPhone上推出，售价9.99美元。')).toEqual([]);
    expect(
      cited(
        'El juego Super Mario Run saldrá a la venta el 15 de diciembre para el iPhone con un precio único de 9,99 dólares.',
      ),
    ).toEqual([1]);
    expect(
      cited(
        'El juego Super Mario Run saldrá a la venta el 15 de diciembre para el iPhone con un precio único de 9,99 euros.',
      ),
    ).toEqual([]);
  });

  it('leaves a claim in the page language to the word matcher', () => {
    expect(cited('In 1997 Clinton banned commerce with Sudan.')).toEqual([]);
  });
});

describe('citations across languages: what counts as an anchor', () => {
  const czech = {
    url: 'https://sport.example/west-ham',
    title: 'West Ham',
    text:
      'Čtvrté místo v lize, stejný bodový zisk jako loňský šampion Manchester City a nadšené ohlasy komentátorů.\n' +
      'West Ham vyhrál pět zápasů v řadě a inkasoval jen jeden gól.\n',
  };
  const french = {
    url: 'https://news.example/loi',
    title: 'Loi sur le renseignement',
    text: "Christian Paul, qui avait été très actif lors d'autres débats sur les libertés numériques, s'est abstenu.\n",
  };
  const japanese = {
    url: 'https://news.example/wifi',
    title: 'フリーWi-Fiプロテクション',
    text:
      'トレンドマイクロは3月9日、Wi-Fi利用時の通信を暗号化し保護するアプリの発売を開始すると発表した。\n' +
      '回答者の約85％が安全なフリーWi-Fiと危険なフリーWi-Fiは「見分けられない」と回答。さらに、約65％がフリーWi-Fiの利用に不安を感じていると回答している。\n',
  };
  const cite = (sentence: string, page: typeof czech) =>
    citeAnswer(sentence, [page]).sentences[0]?.citations ?? [];

  it('counts the words of one name once: a name alone is not enough', () => {
    // "Manchester City" is one anchor; the claim says something the page does not.
    expect(
      cite('Im Ligapokal ist die Mannschaft dagegen gegen Manchester City ausgeschieden.', czech),
    ).toEqual([]);
    // With a second anchor (the number of wins) the same name is cited.
    expect(cite('West Ham hat fünf Spiele in Folge gewonnen.', czech)).toEqual([1]);
    // "Mario" after "Super Mario Run" names nothing new; "Wi‑Fi" is one name too.
    const mario = {
      url: 'https://games.example/mario',
      title: 'Super Mario Run',
      text: "Nintendo announced Super Mario Run this year. It's a Mario game you can play with one hand.\n",
    };
    expect(cite('在《Super Mario Run》中，玩家需要自己控制Mario的移动。', mario)).toEqual([]);
    const wifi = { ...mario, text: 'フリーWi-Fiの利用者が増えている。\n' };
    expect(cite('使用免费Wi‑Fi的人也在增加。', wifi)).toEqual([]);
    // Parts longer than two letters are a compound's words, each an anchor ("HALT method").
    const halt = {
      url: 'https://x.example/halt',
      title: 'HALT',
      text: 'Use the HALT method: never shop when you are hungry, angry, lonely or tired.\n',
    };
    expect(cite('Nach der HALT-Methode kauft man nichts, wenn man hungrig ist.', halt)).toEqual([1]);
  });

  it('reads a capitalised first word joined to a name as part of it, not as a cognate', () => {
    expect(
      cite('Christian Paul, who had been active in earlier debates, voted against the text.', french),
    ).toEqual([]);
  });

  it('reads 不安 (uneasy) as no negation', () => {
    // 85 % is the share that cannot tell the hotspots apart ("見分けられない"), not the uneasy one.
    expect(cite('调查中约85%的用户对使用免费Wi‑Fi感到不安。', japanese)).toEqual([]);
    expect(cite('此外，约65%的受访者表示对使用免费Wi‑Fi感到不安。', japanese)).toEqual([1]);
  });
});

describe('citations across languages: countries and regions by their CLDR names', () => {
  const english = {
    url: 'https://health.example/peanuts',
    title: 'Peanut allergy',
    text:
      'Allergies to peanuts are on the rise. In the U.S., more than 2% of people react to peanuts, a 400% increase since 1997.\n' +
      'A skin patch called Viaskin let allergic people eat small amounts of peanuts after wearing it for a year.\n',
  };
  const japanese = {
    url: 'https://news.example/wifi',
    title: 'フリーWi-Fiプロテクション',
    text: 'トレンドマイクロは3月9日、Wi-Fi利用時の通信を暗号化し保護するアプリの発売を開始すると発表した。\n',
  };
  const cite = (sentence: string, page: typeof english) =>
    citeAnswer(sentence, [page]).sentences[0]?.citations ?? [];

  it('holds "États-Unis" to the page\'s "U.S." rather than to its own words', () => {
    expect(
      cite('Aux États-Unis, plus de 2 % des gens réagissent aux arachides depuis 1997.', english),
    ).toEqual([1]);
    expect(
      cite('In den USA reagieren mehr als 2 % der Menschen auf Erdnüsse, 400 % mehr als 1997.', english),
    ).toEqual([1]);
  });

  it('does not cite a claim naming a country the page never names', () => {
    // The Japanese page shares Wi‑Fi and 通信 with the claim but says nothing of 日本 or its government.
    expect(cite('日本政府已经规定所有公共Wi‑Fi都必须对通信加密。', japanese)).toEqual([]);
    expect(
      cite('In Kanada reagieren mehr als 2 % der Menschen auf Erdnüsse, 400 % mehr als 1997.', english),
    ).toEqual([]);
  });

  it('reads no region into a sentence-initial article or an adjective', () => {
    // French "Un" is no "UN" (United Nations).
    expect(
      cite(
        "Un patch cutané appelé Viaskin a permis aux personnes allergiques de manger de petites quantités d'arachides.",
        english,
      ),
    ).toEqual([1]);
  });
});

describe('citations across languages: whose fact it is', () => {
  const spanish = {
    url: 'https://opinion.example/mapuche',
    title: 'La cuestión mapuche',
    text: 'El politólogo Samuel Huntington definía una sociedad así como pretoriana y el jurista Carlos Nino llamó a la Argentina "un país al margen de la ley".\n',
  };
  const german = {
    url: 'https://news.example/1password',
    title: '1Password 5.3',
    text: 'Unterstützt wird der TOTP-Standard (Time-Based One-Time Passwords), den Firmen wie Evernote, Dropbox oder Google einsetzen.\n',
  };
  const cite = (sentence: string, page: typeof spanish) =>
    citeAnswer(sentence, [page]).sentences[0]?.citations ?? [];

  it('does not give one person the fact the page gives another named between them', () => {
    expect(
      cite(
        'The political scientist Samuel Huntington called Argentina “a country on the margin of the law.”',
        spanish,
      ),
    ).toEqual([]);
    expect(
      cite('The jurist Carlos Nino called Argentina “a country on the margin of the law.”', spanish),
    ).toEqual([1]);
  });

  it('leaves single-word names alone', () => {
    expect(
      cite(
        'It supports the TOTP standard, which companies such as Evernote, Dropbox and Google use.',
        german,
      ),
    ).toEqual([1]);
  });
});
