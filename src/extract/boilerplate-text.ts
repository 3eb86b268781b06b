/**
 * Recognises page furniture by its words, for blocks whose markup says nothing: ad labels, share
 * prompts, photo credits, bylines, and the headings that open the end matter (references, related
 * stories, comments). The common phrasings of the languages Sleuth meets most are listed; the
 * structural rules in tidy-article.ts do not depend on them.
 */

/** Collapsed, trimmed text of a block, without the brackets that often wrap a credit. */
export function blockText(el: Element): string {
  return (el.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Words, counting each CJK character as one (so limits mean the same across languages). */
export function wordCount(text: string): number {
  const cjk =
    text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const words = text
    .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, ' ')
    .match(/[\p{L}\p{N}]+/gu)?.length;
  return cjk + (words ?? 0);
}

// A whole block that is only a label or a control.
const CHROME_BLOCK = new RegExp(
  `^(?:${[
    'advertisement|advertising|advert|ads?|sponsored(?: content| links| stories)?|promoted(?: links| content)?',
    'anzeige|werbung|publicit[ée]|publicidad|reklama|pubblicit[àa]|reklame|annons|mainos|广告|広告|광고',
    'continue reading(?: the main story| below)?|read more|story continues below(?: advertisement)?',
    '(?:share|tweet|email|e-mail|print|save|pin it|reblog|like|follow)(?: (?:this|on|via|to) [\\w ]{1,30}| story| article)?',
    '\\d* ?comments?|reply|leave a (?:comment|reply)|skip to (?:main )?content|loading\\.*|back to top',
    'play video|play|pause|mute|unmute|fullscreen|close|open|menu|search',
    '正在加载\\.*|我要分享|分享(?:到)?|返回首页|返回顶部',
  ].join('|')})[.:!…]*$`,
  'i',
);

// Photo credits and captions that name themselves: "Photo: …", "(Artist: …)", "Credit …", "图注：…".
const CREDIT_LEAD =
  /^(?:(?:top |main |header |cover |lead )?(?:photos?|photographs?|images?|pictures?|pic|illustrations?|graphics?|videos?|credits?|sources?|artist|courtesy|bild(?:er)?|fotos?|imagen|imágenes|crédits?|crédito|фото|写真|图片|图)(?: by| credit| courtesy)?\s*[:：︱|]|(?:photos?|images?|illustrations?|pictures?|credits?|courtesy)\s+(?:by|of|credit)?\s*\p{Lu})/iu;
const CREDIT_AGENCY =
  /(?:getty images|shutterstock|afp|reuters|associated press|\bap\b(?: photo)?|\bepa\b|istock(?:photo)?|alamy|dpa|imago|xinhua|新华社)\)?\.?$/iu;
// "… - Image: Raspberry Pi Foundation", "… (Photo: Jane Doe)": a caption that ends with its credit.
const CREDIT_TAIL =
  /(?:^|[\s(–—-])(?:images?|photos?|pictures?|fotos?|bild|credits?|illustrations?)\s*[:：]\s*[^.:]{1,60}\)?\.?$/iu;
const CJK_CREDIT =
  /^(?:图注|图为|图片来源|原标题|责任编辑|编辑|作者|出品|记者|校对|审核|来源|撰文|文\s*[|︱/]|摄影)\s*[:：︱|／/]?/u;

/** A short block that is a photo caption or credit by its wording. */
export function isCreditText(text: string): boolean {
  const t = text.replace(/^[[(【（\s]+|[\])】）\s]+$/gu, '');
  const words = wordCount(t);
  if (words === 0 || words > 30) return false;
  if (CREDIT_LEAD.test(t) || CJK_CREDIT.test(t) || CREDIT_TAIL.test(t)) return true;
  // "JIM WATSON/AFP/Getty Images", "Jane Doe / Agency": a person's name, a slash, an outlet.
  if (words <= 8 && /^[\p{Lu}][\p{L}.'’-]*(?: [\p{L}.'’-]+)+ ?\/ ?[\p{L}.'’ /-]+$/u.test(t)) return true;
  return words <= 12 && CREDIT_AGENCY.test(t);
}

/** A block that is only an ad label, a share prompt or a player control. */
export function isChromeText(text: string): boolean {
  return text.length <= 60 && CHROME_BLOCK.test(text);
}

const BYLINE =
  /^(?:(?:by|von|por|par|di|door|av|af|przez|napsal[a]?)\s+\p{Lu}|(?:posted|published|updated|written|filed|last (?:updated|modified)|veröffentlicht|aktualisiert|publicado|actualizado|publié|mis à jour|pubblicato)\b)/iu;

/** A short line naming the author or the date: "By Jane Doe", "Posted by …", "Updated …". */
export function isBylineText(text: string): boolean {
  return wordCount(text) <= 20 && BYLINE.test(text);
}

// Headings that open the end matter: everything from one of these to the end is not the article.
const END_MATTER = new RegExp(
  `^(?:${[
    'references|bibliography|sources|see also|external links|further reading',
    'related(?: (?:articles?|stories|posts|content|coverage|reading|links|news|videos?|topics|items))?',
    'more (?:from|on|in|about|stories|articles|news)\\b.*|you (?:may|might) also like.*|recommended.*',
    'read (?:more|next|also)\\b.*|(?:most )?(?:popular|trending|read)(?: \\w+){0,2}|top stories',
    '\\d* ?comments?(?: \\(\\d+\\))?|\\d+ (?:comments?|responses?|replies) (?:on|to) .*|leave a (?:comment|reply)|join the (?:discussion|conversation)',
    'about the author|share this.*|tags|filed under',
    'referencias|véase también|enlaces externos|lecturas? adicional(?:es)?|notas y referencias|comentarios',
    'références|notes et références|voir aussi|liens externes|à lire aussi|lire aussi|commentaires',
    'einzelnachweise|siehe auch|weblinks|literatur|mehr zum thema|kommentare',
    'související(?: články)?|diskuse|komentáře',
    '参考文献|参考资料|参见|外部链接|相关阅读|相关文章|延伸阅读|相关新闻|推荐阅读|热门评论|関連項目|外部リンク|関連記事|참고 문헌|같이 보기|외부 링크',
  ].join('|')})[.:!]*$`,
  'iu',
);

/** A heading that opens the end matter (references, related stories, comments…). */
export function isEndMatterHeading(text: string): boolean {
  return text.length <= 80 && END_MATTER.test(text.replace(/\[edit\]$/i, '').trim());
}

// Class words for the standfirst under a headline, in the languages whose sites name it so.
const DEK_WORDS =
  /\b(?:dek|deck|standfirst|subtitle|subhead|subheadline|summary|teaser|bajada|perex|chapo|chapeau|strapline|excerpt|sapo|lead in|intro text|article description)\b/;

export function hasDekName(names: string): boolean {
  return DEK_WORDS.test(names);
}
