/** Every search provider Sleuth can search with; settings and messages validate ids against this list. */
export const PROVIDER_IDS = [
  'duckduckgo',
  'searxng',
  'brave',
  'tavily',
  'serper',
  'google',
  'jina',
  'wikipedia',
] as const;

export type ProviderId = (typeof PROVIDER_IDS)[number];
