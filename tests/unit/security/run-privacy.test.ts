import { describe, expect, it } from 'vitest';
import { inheritedPrivacy, matchesSignedOut, ownPagePrivacy } from '../../../src/security/run-privacy';

const signal = new AbortController().signal;
const ARTICLE = [
  '# Rates held steady',
  'The central bank kept its main rate at 4.25% on Thursday, the third pause in a row.',
  'Economists had expected the decision; markets barely moved.',
  'Read more in [our explainer](https://news.example/explainer).',
].join('\n\n');

const deps = (signedOut: string | null, signedInSites: string[] = []) => {
  const reads: string[] = [];
  return {
    reads,
    deps: {
      signedInSite: (url: string) => signedInSites.includes(new URL(url).hostname),
      readSignedOut: async (url: string) => {
        reads.push(url);
        return signedOut;
      },
    },
  };
};

describe('does the page the user hands over make a run private?', () => {
  it('a public article whose signed-out read shows the same text is public (case, spacing, link targets aside)', async () => {
    const signedOut = `${ARTICLE.toUpperCase().replace(/\n\n/g, '\n')}\n\nMore stories: weather, sport.`;
    expect(matchesSignedOut(ARTICLE, signedOut)).toBe(true);
    const { deps: d, reads } = deps(signedOut);
    const privacy = await ownPagePrivacy({ url: 'https://news.example/rates', markdown: ARTICLE }, d, signal);
    expect(privacy).toBe('public');
    expect(reads).toEqual(['https://news.example/rates']);
  });

  it('a signed-in page (a name, a balance, one changed figure) is private', () => {
    const signedOut = 'Sign in to see your account.\n\nNorthwind Bank';
    expect(matchesSignedOut('Northwind Bank\n\nWelcome back, Ada.\n\nBalance: 4,210.55', signedOut)).toBe(
      false,
    );
    expect(matchesSignedOut(`${ARTICLE}\n\nSigned in as Ada Lovelace`, ARTICLE)).toBe(false);
    expect(matchesSignedOut(ARTICLE.replace('4.25%', '4.50%'), ARTICLE)).toBe(false);
    // A block must appear whole: words found scattered across the public page do not count.
    expect(matchesSignedOut('markets moved the decision', ARTICLE)).toBe(false);
  });

  it('no signed-out read (failed, script-built, not http), an empty page, or a sign-in site: private', async () => {
    expect(
      await ownPagePrivacy({ url: 'https://a.example/x', markdown: ARTICLE }, deps(null).deps, signal),
    ).toBe('private');
    const failing = {
      signedInSite: () => false,
      readSignedOut: async () => Promise.reject(new Error('offline')),
    };
    expect(await ownPagePrivacy({ url: 'https://a.example/x', markdown: ARTICLE }, failing, signal)).toBe(
      'private',
    );
    const local = deps(ARTICLE);
    expect(
      await ownPagePrivacy({ url: 'file:///home/ada/notes.html', markdown: ARTICLE }, local.deps, signal),
    ).toBe('private');
    expect(local.reads).toEqual([]);
    expect(matchesSignedOut('', ARTICLE)).toBe(false);
    const listed = deps(ARTICLE, ['mail.example']);
    expect(
      await ownPagePrivacy({ url: 'https://mail.example/inbox', markdown: ARTICLE }, listed.deps, signal),
    ).toBe('private');
    expect(listed.reads).toEqual([]);
  });

  it('a selection counts as part of the page: one the signed-out page lacks is private', async () => {
    const page = { url: 'https://news.example/rates', markdown: ARTICLE };
    const d = deps(ARTICLE).deps;
    expect(await ownPagePrivacy({ ...page, selection: 'markets barely moved' }, d, signal)).toBe('public');
    expect(await ownPagePrivacy({ ...page, selection: 'my card ends 4242' }, d, signal)).toBe('private');
  });

  it('a follow-up inherits its earlier run; an older run that began from a page counts as private', () => {
    expect(inheritedPrivacy({ privacy: 'private', origin: 'ask' })).toBe('private');
    expect(inheritedPrivacy({ privacy: 'public', origin: 'page' })).toBe('public');
    expect(inheritedPrivacy({ origin: 'page' })).toBe('private');
    expect(inheritedPrivacy({ origin: 'ask', followUpOf: 'x' })).toBe('private');
    expect(inheritedPrivacy({ origin: 'ask' })).toBe('public');
  });
});
