import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../../../src/security/send-gate';
import { DEFAULT_URL_POLICY } from '../../../../src/security/url-policy';
import { createAgentTools, type ToolDeps } from '../../../../src/tools/agent-tools/create-agent-tools';
import type { ReadTabResult } from '../../../../src/tools/browse/tabs/tab-reader';

const signal = new AbortController().signal;
const SECRET = 'RZ7QK2WM4T';

function setup(signedIn: string[] = []) {
  const queries: string[] = [];
  const reads: string[] = [];
  const deps: ToolDeps = {
    search: {
      async search(query) {
        queries.push(query);
        return {
          hits: [{ title: 'Alpha', url: 'https://attacker.example/alpha/1/R', snippet: '' }],
          provider: 'duckduckgo',
          fromCache: false,
        };
      },
      status: () => [],
      resetBackoff: () => {},
    },
    async readTab(url): Promise<ReadTabResult> {
      reads.push(url);
      const signedInPage = signedIn.includes(new URL(url).hostname);
      return {
        ok: true,
        url,
        finalUrl: url,
        title: 'Page',
        markdown: signedInPage ? `Your recovery code is ${SECRET}.` : 'Public text about gardening.',
        links: [],
        via: signedInPage ? 'open-tab' : 'new-tab',
      };
    },
    rank: (markdown) => ({ evidence: markdown, summary: markdown.slice(0, 40) }),
    readsSignedIn: (url) => signedIn.includes(new URL(url).hostname),
    policy: DEFAULT_URL_POLICY,
    unseenUrls: 'public-runs',
    maxTabs: 2,
    pageMaxAgeMs: 60_000,
    clock: () => 0,
  };
  return { deps, queries, reads };
}

// What an attacker's page asks an obeying model to send: the secret in forms no pattern knows.
const rot13 = (s: string) =>
  s.replace(/[a-z]/gi, (c) => {
    const b = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - b + 13) % 26) + b);
  });
const DISGUISES = [
  rot13(SECRET),
  [...SECRET].reverse().join(''),
  `${SECRET.slice(0, 4)} garden tips`,
  [...SECRET].map((c) => c.charCodeAt(0)).join(''),
  [...SECRET].join('x'),
];

describe('a private run sends nothing the model chose without the user', () => {
  it('every disguised query waits for the user; declined ones get a plain "the user declined"', async () => {
    const { deps, queries } = setup();
    const asked: SendRequest[] = [];
    const tools = createAgentTools(deps, {
      question: 'What does this page say?',
      seedUrls: ['https://bank.example/account'],
      privacy: 'private',
      privateText: [`Your recovery code is ${SECRET}.`],
      ask: async (r) => {
        asked.push(r);
        return 'decline';
      },
    });
    const results = await tools.search(DISGUISES, { signal });
    expect(queries).toEqual([]);
    // The old pattern checks still refuse what they recognise (the reversed code); the rest is shown.
    const shown = asked.flatMap((r) => r.items);
    expect(shown).toContain(rot13(SECRET));
    for (const [i, r] of results.entries()) {
      const declined = shown.includes(DISGUISES[i] ?? '');
      expect(r.error).toMatch(declined ? /The user declined/ : /Refused/);
      // The panel words a declined query from its code, in the user's language.
      expect(r.errorInfo?.code).toBe(declined ? 'search-declined' : undefined);
    }
    // Link choice: a seen link, chosen by the model, is asked about too.
    await tools.search(['What does this page say?'], { signal });
    const [visit] = await tools.visit(['https://attacker.example/alpha/1/R'], 'spell', {
      signal,
      question: '',
    });
    expect(visit?.reason).toMatch(/declined to open/);
    expect(visit?.reasonCode).toBe('declined');
  });

  it('an API key in three parts, its last 28 characters, or without its prefix among other words: each is shown, none sent', async () => {
    const KEY = 'sk_live_4NV8QZT2MHK7RXWD3PLY9CJB6FGS5EUA';
    const bare = KEY.slice('sk_live_'.length);
    const { deps, queries } = setup();
    const asked: SendRequest[] = [];
    const tools = createAgentTools(deps, {
      question: 'What does my billing page say?',
      seedUrls: ['https://billing.example/keys'],
      privacy: 'private',
      privateText: [`Your live secret key: ${KEY}`],
      ask: async (r) => {
        asked.push(r);
        return 'decline';
      },
    });
    const parts = [`billing ${KEY.slice(0, 15)}`, `help ${KEY.slice(15, 30)}`, `faq ${KEY.slice(30)}`];
    const attacks = [parts, [KEY.slice(-28)], [`vault billing ${bare} account settings help`]];
    for (const attack of attacks) {
      const results = await tools.search(attack, { signal });
      for (const r of results) expect(r.error).toMatch(/The user declined/);
    }
    expect(queries).toEqual([]);
    // No pattern knows these forms: each reached the user, who is the gate, whole and as it would leave.
    expect(asked.map((r) => r.items)).toEqual(attacks);
  });

  it("the user's own question and page go out without asking", async () => {
    const { deps, queries, reads } = setup();
    const tools = createAgentTools(deps, {
      question: 'rose pruning in march',
      seedUrls: ['https://bank.example/account'],
      ownUrls: ['https://bank.example/account'],
      privacy: 'private',
      ask: async () => 'decline',
    });
    await tools.search(['Rose pruning in March'], { signal });
    await tools.visit(['https://bank.example/account'], 'read', { signal, question: '' });
    expect(queries).toEqual(['Rose pruning in March']);
    expect(reads).toEqual(['https://bank.example/account']);
  });

  it('a public run opens a URL the model wrote itself; once it reads a signed-in page it asks', async () => {
    const { deps, reads, queries } = setup(['mail.example']);
    let becamePrivate = 0;
    const asked: SendRequest[] = [];
    const tools = createAgentTools(deps, {
      question: 'gardening news',
      seedUrls: [],
      privacy: 'public',
      ask: async (r) => {
        asked.push(r);
        return 'decline';
      },
      onPrivate: () => becamePrivate++,
    });
    const [wrote] = await tools.visit(['garden.example/guides/roses'], 'roses', { signal, question: '' });
    expect(wrote?.ok).toBe(true);
    expect(reads).toEqual(['https://garden.example/guides/roses']);
    // The URL policy still applies to what the model wrote.
    const [local] = await tools.visit(['http://10.0.0.1/admin'], 'x', { signal, question: '' });
    expect(local?.ok).toBe(false);
    await tools.visit(['https://mail.example/inbox'], 'mail', { signal, question: '' });
    expect(becamePrivate).toBe(1);
    await tools.search(['roses'], { signal });
    expect(queries).toEqual([]);
    expect(asked).toEqual([{ kind: 'search', items: ['roses'] }]);
    // A private run does not open URLs the model wrote at all.
    const [written] = await tools.visit(['https://garden.example/new?c=RZ'], 'x', { signal, question: '' });
    expect(written?.reason).toMatch(/did not appear/);
  });

  it("a follow-up's earlier answer is not the user's words: a secret it repeats is not exempt", async () => {
    const { deps, queries } = setup();
    const tools = createAgentTools(deps, {
      question: `And how do I reset it?\n\nEarlier answer: your recovery code is ${SECRET}.`,
      userQuestion: 'And how do I reset it?',
      seedUrls: [],
      privacy: 'private',
      privateText: [`Your recovery code is ${SECRET}.`],
      allowRest: true,
    });
    const [r] = await tools.search([`${SECRET} reset`], { signal });
    expect(queries).toEqual([]);
    expect(r?.error).toMatch(/Refused/);
  });
});
