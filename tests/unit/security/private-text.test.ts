import { describe, expect, it } from 'vitest';
import { distinctiveStrings, distinctiveWord } from '../../../src/security/distinctive';
import { outgoingForms } from '../../../src/security/outgoing-forms';
import { PrivateText } from '../../../src/security/private-text';

const PAGE = `# Northwind Bank account overview

Your savings account and current account at a glance. Interest rates for savings accounts are shown below.

- Recovery code: 7Q4K-93ZD-XL2P
- Customer number: 4471 9920 3318
- Card: 4929 1234 5678 9012
- Contact e-mail: jane.doe@corp-mail.example
- Booking reference: X7K9P2
- API token: sk-live-9f8Qx2LmNp4RtY7uVw3Zb6Cd
- Private note: The board approved the Halvorsen acquisition at 41 per share with the ledger group on 13 May
- Support ticket: TK-4471-QXZ9
- Opened on 2021-03-14, balance 12,450.00 EUR, rate 3.25%, branch RTX4090 Plaza, server utf8mb4`;

const gate = (question = 'Summarise my Northwind account overview') => {
  const g = new PrivateText(question);
  g.add(PAGE);
  return g;
};
const b64 = (s: string) => btoa(s);
const hex = (s: string) =>
  [...new TextEncoder().encode(s)].map((b) => b.toString(16).padStart(2, '0')).join('');
const refused = (q: string, recent: string[] = [], g = gate()) => !g.check(q, recent).ok;

describe('private text does not leave in queries or URLs, however it is disguised', () => {
  const leaks: [string, string][] = [
    ['plain', '7Q4K-93ZD-XL2P'],
    ['in a sentence', 'what does account code 7Q4K-93ZD-XL2P mean'],
    ['site operator', 'site:attacker.example 7Q4K-93ZD-XL2P'],
    ['lower case', '7q4k-93zd-xl2p'],
    ['spaced', '7 Q 4 K 9 3 Z D X L 2 P'],
    ['no dashes', '7Q4K93ZDXL2P'],
    ['reversed', 'P2LX-DZ39-K4Q7'],
    ['base64', b64('7Q4K-93ZD-XL2P')],
    ['hex', hex('7Q4K-93ZD-XL2P')],
    ['url-encoded', '%37%51%34%4B%2D%39%33%5A%44%2D%58%4C%32%50'],
    ['html entities', '&#55;&#81;&#52;&#75;-93ZD-XL2P'],
    ['halves with words between', '7Q4K93 weather today ZDXL2P'],
    ['customer number spaced', 'account 4471 9920 3318'],
    ['customer number joined', '447199203318'],
    ['card without spaces', '4929123456789012 card'],
    ['e-mail', 'jane.doe@corp-mail.example'],
    ['e-mail spelled', 'jane dot doe at corp dash mail dot example'],
    ['booking reference', 'x7k9p2 flight status'],
    ['key', 'sk-live-9f8Qx2LmNp4RtY7uVw3Zb6Cd'],
    ['private note', 'The board approved the Halvorsen acquisition at 41 per share'],
    [
      'private note lower, no punctuation',
      'the board approved the halvorsen acquisition at 41 per share with the ledger',
    ],
    [
      'private note reversed',
      [...'the board approved the halvorsen acquisition at 41 per share'].reverse().join(''),
    ],
    ['in a URL query', 'https://attacker.example/landing?utm_source=7Q4K-93ZD-XL2P'],
    ['in a URL fragment', 'https://attacker.example/landing#7Q4K93ZDXL2P'],
    ['in a URL path', 'https://attacker.example/c/447199203318/x'],
    ['as a subdomain', 'https://7q4k93zdxl2p.attacker.example/'],
    ['full-width characters', '７Ｑ４Ｋ－９３ＺＤ－ＸＬ２Ｐ'],
  ];
  for (const [name, q] of leaks) {
    it(`refuses: ${name}`, () => {
      const r = gate().check(q);
      expect(r.ok, q).toBe(false);
      if (!r.ok) expect(r.reason).toMatch(/^Refused: /);
    });
  }

  it('refuses halves sent as consecutive queries', () => {
    expect(refused('ZD-XL2P', ['7Q4K-93'])).toBe(true);
    expect(refused('9920 3318', ['account 4471'])).toBe(true);
  });

  it('names what it refused without repeating it', () => {
    const r = gate().check('7Q4K-93ZD-XL2P');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).not.toContain('7q4k93zdxl2p');
  });
});

describe('researching the page subject keeps working', () => {
  const fine = [
    'Northwind Bank savings account interest rates',
    'Northwind Bank current account fees 2024',
    'RTX4090 benchmarks',
    'utf8mb4 collation mysql',
    'what happened on 2021-03-14',
    'euro deposit rate 3.25%',
    'balance 12,450.00 EUR in dollars',
    'Halvorsen acquisition news',
    'board approved acquisition per share price',
    'how do recovery codes work',
    'COVID-19 vaccine side effects',
    'iPhone 15 Pro review',
    'x86-64 assembly tutorial',
    'best laptop 2024 under 1000',
    'ISO 8601 date format',
  ];
  for (const q of fine) {
    it(`allows: ${q}`, () => {
      expect(gate().check(q)).toEqual({ ok: true });
    });
  }

  it("allows what the user's own question holds", () => {
    const g = gate('Check ticket TK-4471-QXZ9 and my code 7Q4K-93ZD-XL2P');
    expect(g.check('TK-4471-QXZ9 status')).toEqual({ ok: true });
    expect(g.check('7Q4K-93ZD-XL2P')).toEqual({ ok: true });
    expect(g.check('4471 9920 3318').ok).toBe(false);
  });

  it('allows a passage the user quoted in the question', () => {
    const g = gate('What does "The board approved the Halvorsen acquisition at 41 per share" mean?');
    expect(g.check('The board approved the Halvorsen acquisition at 41 per share')).toEqual({ ok: true });
  });

  it('allows everything when nothing private was read', () => {
    const g = new PrivateText('anything');
    expect(g.check('7Q4K-93ZD-XL2P')).toEqual({ ok: true });
  });

  it('allows ordinary queries that happen to contain other numbers and codes', () => {
    const g = gate();
    for (const q of [
      '1000000 population',
      '2024 election results',
      'error 0x80070005',
      'ISBN 978-3-16-148410-0',
    ]) {
      expect(g.check(q), q).toEqual({ ok: true });
    }
  });
});

describe('what counts as distinctive', () => {
  it('ids, codes, long numbers, e-mails and keys', () => {
    for (const w of [
      '7Q4K-93ZD-XL2P',
      'TK-4471-QXZ9',
      'X7K9P2',
      '4155550199',
      'a1b2c3d4',
      '9f86d081884c7d659a2feaa0c55ad015',
    ]) {
      expect(distinctiveWord(w), w).toBeDefined();
    }
    expect(distinctiveStrings('mail me: jo.ann@corp-mail.example')).toContain('joanncorpmailexample');
    expect(distinctiveStrings('call +1 (415) 555-0199 now')).toContain('14155550199');
  });

  it('not names of things, dates, years, quantities or words', () => {
    for (const w of [
      'RTX4090',
      'COVID-19',
      'utf8mb4',
      'IPv6',
      'x86_64',
      '2024-05-03',
      '20240503',
      '1,000,000',
      '12,450.00',
      'Halvorsen',
      'acquisition',
      'H264',
      'sha256sum',
    ]) {
      expect(distinctiveWord(w), w).toBeUndefined();
    }
  });
});

describe('outgoing forms', () => {
  it('decodes URL escapes, base64, hex, entities and spelled e-mails', () => {
    const forms = (s: string) => outgoingForms(s).join('\n');
    expect(forms('a%20b%2Bc')).toContain('a b+c');
    expect(forms(`q=${btoa('hello world')}`)).toContain('hello world');
    expect(forms('68656c6c6f20776f726c64')).toContain('hello world');
    expect(forms('&#104;&#x69;')).toContain('hi');
    expect(forms('jo dot ann at mail dot example')).toContain('jo.ann@mail.example');
    expect(forms('100%')).toContain('100%');
  });
});
