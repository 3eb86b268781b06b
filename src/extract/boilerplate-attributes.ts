/**
 * Recognises page furniture by what the markup calls it: class and id names, ARIA roles and tags.
 * Names are split into words (camelCase, dashes and underscores all separate words), so
 * "imageCaption", "image-caption" and "image_caption" read the same.
 */

export type BoilerplateKind =
  | 'comments'
  | 'share'
  | 'subscribe'
  | 'related'
  | 'ad'
  | 'player'
  | 'byline'
  | 'meta'
  | 'toc'
  | 'tags'
  | 'consent'
  | 'wiki-chrome'
  | 'caption'
  | 'screen-reader'
  | 'navigation';

// Each kind's words, matched as whole words of the element's class/id names.
const WORDS: Array<[BoilerplateKind, string]> = [
  ['comments', 'comment|comments|commentlist|commentform|commentlinks|respond|disqus|replies'],
  [
    'share',
    'share|shares|sharing|sharebar|sharedaddy|shareaholic|sharethis|addthis|addtoany|social|socials|socialbar|gigya',
  ],
  ['subscribe', 'newsletter|newsletters|subscribe|subscription|signup|optin|paywall|regwall'],
  [
    'related',
    'related|relateds|recommended|recommendation|recommendations|recirc|recirculation|readnext|mostread|mostpopular|popular|trending|outbrain|taboola|zergnet|promo|promos|promoted',
  ],
  ['ad', 'ad|ads|advert|adverts|advertisement|advertising|adslot|adunit|dfp|sponsor|sponsored|sponsors'],
  ['player', 'vjs|jwplayer|controlbar|playbar'],
  ['byline', 'byline|bylines|dateline|authorbio|bio|contributor|contributors'],
  ['meta', 'timestamp|postmeta|entrymeta|articlemeta|postinfo|posted|pubdate|breadcrumb|breadcrumbs'],
  ['toc', 'toc'],
  ['tags', 'tags|taglist|tagcloud|categories|keywords|topics'],
  ['consent', 'cookie|cookies|consent|gdpr'],
  ['wiki-chrome', 'editsection|reflist|references|navbox|catlinks|ambox|hatnote|noprint'],
  ['caption', 'caption|captions|figcaption|credit|credits|photocredit|imagecredit|attribution'],
  ['screen-reader', 'visuallyhidden|screenreader|assistive|offscreen|a11y'],
];

// Pairs of words that mean furniture together but not apart ("author bio", "post meta").
const PAIRS: Array<[BoilerplateKind, RegExp]> = [
  [
    'byline',
    /\b(?:about the author|about author|author (?:bio|box|info|card|details|meta|name)|post author|article author|sig line)\b/,
  ],
  [
    'meta',
    /\b(?:post (?:meta|info|date|details)|entry (?:meta|date)|article (?:meta|info|date)|publish(?:ed)? (?:date|time)|date (?:line|time))\b/,
  ],
  [
    'related',
    /\b(?:more (?:stories|from|articles|news|on)|read (?:next|more|also)|also read|you (?:may|might) (?:also )?like|around the web|most (?:read|popular|viewed))\b/,
  ],
  ['toc', /\b(?:table of contents|contents topic|article toc)\b/],
  ['share', /\b(?:share (?:buttons?|tools?|bar|links?|icons?)|social (?:media|links|icons))\b/],
  ['player', /\b(?:video (?:js|player|controls?)|player (?:controls?|ui)|control bar|media controls?)\b/],
  [
    'screen-reader',
    /\b(?:sr only|visually hidden|screen reader (?:text|only)|skip (?:link|to|nav|navigation))\b/,
  ],
  ['comments', /\b(?:comment (?:section|area|list|count)|comments (?:section|area|count))\b/],
  ['subscribe', /\b(?:sign up|opt in|email (?:optin|signup|capture))\b/],
];

const KIND_BY_WORD = new Map<string, BoilerplateKind>();
for (const [kind, words] of WORDS) for (const w of words.split('|')) KIND_BY_WORD.set(w, kind);

const ROLE_KINDS: Record<string, BoilerplateKind> = {
  navigation: 'navigation',
  banner: 'navigation',
  contentinfo: 'navigation',
  search: 'navigation',
  menu: 'navigation',
  menubar: 'navigation',
  toolbar: 'navigation',
  complementary: 'related',
  dialog: 'consent',
  alertdialog: 'consent',
};

const TAG_KINDS: Record<string, BoilerplateKind> = {
  NAV: 'navigation',
  ASIDE: 'related',
  FIGCAPTION: 'caption',
  CAPTION: 'caption',
};

/** Ids made from a heading's words ("example-1-amend-a-shared-changeset") name a section, not a role. */
export function isSlugId(id: string): boolean {
  const parts = id.split(/[-_]+/).filter(Boolean);
  return parts.length >= 4 || /\d{6,}/.test(id);
}

/** The class and id names of an element as lower-case words separated by single spaces. */
export function nameWords(el: Element): string {
  const id = el.getAttribute('id') ?? '';
  const names = `${el.getAttribute('class') ?? ''} ${isSlugId(id) ? '' : id}`;
  if (!names.trim()) return '';
  return names
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const CONTENT_WORDS = /\b(?:article|story|entry|post|main|body|content|text)\b/;

/** True when the element's names also call it content ("article-body with-share-bar"). */
export function hasContentName(el: Element): boolean {
  return CONTENT_WORDS.test(nameWords(el));
}

/** What kind of furniture the element's names, role or tag say it is, or null. */
export function boilerplateKind(el: Element): BoilerplateKind | null {
  const tagKind = TAG_KINDS[el.tagName.toUpperCase()];
  if (tagKind) return tagKind;
  const role = el.getAttribute('role')?.trim().toLowerCase();
  if (role && role in ROLE_KINDS) return ROLE_KINDS[role] ?? null;
  const words = nameWords(el);
  if (!words) return null;
  for (const [kind, pair] of PAIRS) if (pair.test(words)) return kind;
  for (const word of words.split(' ')) {
    const kind = KIND_BY_WORD.get(word);
    if (kind) return kind;
  }
  return null;
}
