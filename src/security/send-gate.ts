/**
 * What a private run may send. Nothing the model chose leaves without the user: each search and each
 * visit is shown to the user for a one-click OK ("allow the rest of this run" stops the asking), unless
 * it is the user's own words (the question they typed, as typed) or an address the user gave. No
 * encoding of a secret matters under this rule, because nothing model-chosen leaves unseen. A public
 * run holds nothing private and is not asked about.
 */

export type SendKind = 'search' | 'visit';
export type SendAnswer = 'send' | 'decline' | 'allow-rest';

export interface SendRequest {
  kind: SendKind;
  /** Exactly what would leave: the queries, or the URLs to open. */
  items: string[];
}

export interface SendGateDeps {
  /** Read at each call: a public run turns private when it reads a signed-in page. */
  isPrivate(): boolean;
  /** What the user typed (never the earlier answer a follow-up carries). */
  userQuestion: string;
  /** Shows the request to the user and resolves with their answer; absent: nothing is sent. */
  ask?(request: SendRequest, signal: AbortSignal): Promise<SendAnswer>;
  /** The user already allowed the rest of this run (kept across a Continue). */
  allowRest?: boolean;
  onAllowRest?(): void;
}

export const DECLINED_SEARCH =
  'The user declined to send this search query. It was not sent. Do not try to send it another way.';
export const DECLINED_VISIT =
  'The user declined to open this address. It was not opened. Do not try to open it another way.';
export const NOT_ASKED =
  'Not sent: this run holds private text and nobody is here to approve what the model chose to send.';

const words = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The user's own words: the question as typed, ignoring case, spacing and punctuation. */
export function isUsersWords(query: string, userQuestion: string): boolean {
  const q = words(query);
  return q.length > 0 && q === words(userQuestion);
}

/** Per item: it may leave, the user said no, or there was nobody to ask. */
export type SendVerdict = 'ok' | 'declined' | 'unasked';

export interface SendGate {
  /** A verdict per item. `free` marks items that need no OK (an address the user gave). */
  filter(
    kind: SendKind,
    items: string[],
    free: (item: string) => boolean,
    signal: AbortSignal,
  ): Promise<SendVerdict[]>;
  allowedAll(): boolean;
}

export function createSendGate(deps: SendGateDeps): SendGate {
  let allowRest = deps.allowRest === true;
  return {
    allowedAll: () => allowRest,
    async filter(kind, items, free, signal) {
      if (!deps.isPrivate() || allowRest) return items.map(() => 'ok');
      const own = items.map(
        (item) => (kind === 'search' && isUsersWords(item, deps.userQuestion)) || free(item),
      );
      const asked = [...new Set(items.filter((_, i) => !own[i]))];
      if (asked.length === 0) return own.map(() => 'ok');
      if (!deps.ask) return own.map((o) => (o ? 'ok' : 'unasked'));
      const answer = await deps.ask({ kind, items: asked }, signal);
      if (answer === 'allow-rest') {
        allowRest = true;
        deps.onAllowRest?.();
      }
      const no: SendVerdict = answer === 'decline' ? 'declined' : 'ok';
      return own.map((o) => (o ? 'ok' : no));
    },
  };
}
