import type { ProviderSetting, Settings } from '../../settings/schema';
import { originsFor, PROVIDERS } from '../../tools/search/catalog';

/**
 * Pure decisions behind the options page's Save: which host permissions to ask for, and the
 * provider list in the user's order.
 */

/** Match pattern for a server's origin; match patterns carry no port. */
export function serverOrigin(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl.trim());
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? `${url.protocol}//${url.hostname}/*`
      : null;
  } catch {
    return null;
  }
}

export function providerOrigins(p: ProviderSetting): string[] {
  return originsFor(p.id, {
    ...(p.baseUrl ? { baseUrl: p.baseUrl } : {}),
    ...(p.engineId ? { engineId: p.engineId } : {}),
  });
}

/** Every origin the current settings reach: checked up front so Save knows what is already granted. */
export function reachedOrigins(s: Settings): string[] {
  const out = s.searchProviders.filter((p) => p.enabled).flatMap(providerOrigins);
  const server = s.engine === 'openai' ? serverOrigin(s.openaiBaseUrl) : null;
  if (server) out.push(server);
  const extractor = s.extractorModel.trim() ? serverOrigin(s.extractorBaseUrl) : null;
  if (extractor) out.push(extractor);
  return [...new Set(out)];
}

const sameProvider = (a: ProviderSetting | undefined, b: ProviderSetting) =>
  !!a && a.enabled === b.enabled && (a.baseUrl ?? '') === (b.baseUrl ?? '');

/**
 * Origins to request on Save: only for what this edit turned on or pointed elsewhere (a provider
 * newly enabled or given a new base URL, a new server URL), so saving an unrelated field never
 * prompts. Origins already granted are left out.
 */
export function originsToRequest(
  saved: Settings,
  next: Settings,
  granted: Record<string, boolean>,
): string[] {
  const out: string[] = [];
  for (const p of next.searchProviders) {
    if (!p.enabled) continue;
    const before = saved.searchProviders.find((x) => x.id === p.id);
    if (!sameProvider(before, p)) out.push(...providerOrigins(p));
  }
  if (
    next.engine === 'openai' &&
    (saved.engine !== 'openai' || saved.openaiBaseUrl.trim() !== next.openaiBaseUrl.trim())
  ) {
    const server = serverOrigin(next.openaiBaseUrl);
    if (server) out.push(server);
  }
  if (next.extractorBaseUrl.trim() && saved.extractorBaseUrl.trim() !== next.extractorBaseUrl.trim()) {
    const extractor = serverOrigin(next.extractorBaseUrl);
    if (extractor) out.push(extractor);
  }
  return [...new Set(out)].filter((o) => !granted[o]);
}

/** All providers, the configured ones first in the user's order, the rest after them switched off. */
export function normalizeProviders(list: readonly ProviderSetting[]): ProviderSetting[] {
  const known = list.filter((p, i) => list.findIndex((x) => x.id === p.id) === i);
  const rest = PROVIDERS.filter((info) => !known.some((p) => p.id === info.id)).map(
    (info): ProviderSetting => ({ id: info.id, enabled: false }),
  );
  return [...known, ...rest];
}

export function moveProvider(list: readonly ProviderSetting[], id: string, delta: -1 | 1): ProviderSetting[] {
  const from = list.findIndex((p) => p.id === id);
  const to = from + delta;
  const moved = list[from];
  const other = list[to];
  if (from < 0 || !moved || !other) return [...list];
  const out = [...list];
  out[to] = moved;
  out[from] = other;
  return out;
}
