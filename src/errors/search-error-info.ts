import * as v from 'valibot';
import { NetCauseSchema, ReachSchema } from './net-cause';

/**
 * Why one search provider could not answer one query, as data: the panel words it in the user's
 * language; the model reads its own English text (the profile's prompt texts), never these words.
 * `provider` is the provider's display name ("SearXNG"), `host` the configured server's host.
 */
const provider = v.string();
const status = v.number();

export const SearchFailureSchema = v.variant('code', [
  v.object({
    code: v.literal('search-unreachable'),
    params: v.object({ provider, host: v.string(), reach: ReachSchema, cause: NetCauseSchema }),
  }),
  v.object({
    code: v.literal('search-timeout'),
    params: v.object({ provider, host: v.string(), reach: ReachSchema }),
  }),
  v.object({ code: v.literal('search-key-rejected'), params: v.object({ provider, status }) }),
  v.object({ code: v.literal('search-blocked'), params: v.object({ provider, status }) }),
  v.object({ code: v.literal('search-rate-limited'), params: v.object({ provider, status }) }),
  v.object({ code: v.literal('search-quota-used'), params: v.object({ provider, status }) }),
  v.object({ code: v.literal('search-server-error'), params: v.object({ provider, status }) }),
  v.object({ code: v.literal('search-rejected'), params: v.object({ provider, status }) }),
  v.object({ code: v.literal('search-malformed'), params: v.object({ provider }) }),
  /** A SearXNG whose settings.yml does not list "json" under search → formats answers 403. */
  v.object({ code: v.literal('search-no-json'), params: v.object({ provider }) }),
  v.object({ code: v.literal('search-no-instance'), params: v.object({ provider, host: v.string() }) }),
  /** A metasearch server that answered, but none of its own engines did. */
  v.object({ code: v.literal('search-engines-silent'), params: v.object({ provider, engines: v.string() }) }),
  v.object({
    code: v.literal('search-needs-setting'),
    params: v.object({ provider, setting: v.picklist(['api-key', 'url', 'other']) }),
  }),
  v.object({ code: v.literal('search-bad-url'), params: v.object({ provider }) }),
  v.object({
    code: v.literal('search-paused'),
    params: v.object({ provider, seconds: v.number(), after: v.string() }),
  }),
  v.object({ code: v.literal('search-unexpected'), params: v.object({ provider }) }),
  /** The provider redirected and Sleuth did not follow (src/security/redirect-hops.ts). */
  v.object({
    code: v.literal('search-redirected'),
    params: v.object({ provider, to: v.string(), how: v.picklist(['refused', 'hidden', 'too-many']) }),
  }),
  v.object({ code: v.literal('search-none-set-up'), params: v.object({}) }),
  v.object({ code: v.literal('search-empty-query'), params: v.object({}) }),
  /** A private run did not send the query: the user said no, or nobody was there to ask. */
  v.object({ code: v.literal('search-declined'), params: v.object({}) }),
  v.object({ code: v.literal('search-not-asked'), params: v.object({}) }),
]);
export type SearchFailure = v.InferOutput<typeof SearchFailureSchema>;
