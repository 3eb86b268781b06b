import { stem } from './stem';

/**
 * Words a writer swaps for one another when restating a page ("a rise in 404s" for "an increase in
 * 404s", "frequently" for "often"). Each group is read as one word, on the page and in the answer
 * alike, so a paraphrase keeps its weight in the match. Only near-exact synonyms of general English
 * are listed, and no word whose other common sense means something else ("drop" is both "fall" and
 * "remove", "key" both "main" and a key): a wrong pair would let a sentence that says something
 * else match. Opposites and checks read the words as written, so a pair never hides a change of
 * direction.
 */
const GROUPS = [
  'increase rise grow climb surge',
  'decrease decline shrink',
  'reduce lessen',
  'remove eliminate delete',
  'begin start commence',
  'finish conclude',
  'complete full',
  'purchase buy',
  'big large huge enormous',
  'small tiny',
  'fast quick rapid speedy',
  'faster quicker',
  'fastest quickest',
  'slow sluggish',
  'show reveal demonstrate',
  'help assist aid',
  'utilize use',
  'need require',
  'allow permit let enable',
  'try attempt',
  'choose select pick',
  'often frequently',
  'usually typically normally generally',
  'aim goal objective',
  'notice discover',
  'problem trouble',
  'error mistake',
  'company firm',
  'boss manager',
  'execute run',
  'reply answer',
  'construct build',
  'people individuals persons',
  'kid child',
  'car vehicle automobile',
  'doctor physician',
  'researcher scientist',
  'recommend suggest advise',
  'warn caution',
  'ban prohibit forbid outlaw',
  'hire recruit employ',
  'hard difficult',
  'easy simple straightforward',
  'important crucial essential vital',
  'main primary',
  'enough sufficient',
  'area region',
  'customer shopper buyer',
  'keep retain',
  'change alter modify',
  'fix repair',
  'sick ill',
  'hurt injure',
  'amount quantity',
  'method technique approach',
  'prevent stop',
  'tip hint',
  'study research',
  'whole entire',
  'maybe perhaps possibly',
  'complain grumble',
  'owner proprietor',
  'mostly largely mainly chiefly',
];

const CANONICAL = new Map<string, string>();
for (const group of GROUPS) {
  const [head, ...rest] = group.split(' ').map(stem);
  if (!head) continue;
  const root = CANONICAL.get(head) ?? head;
  for (const s of [head, ...rest]) if (!CANONICAL.has(s)) CANONICAL.set(s, root);
}

/** The key a stemmed word is matched by: its group's first word, or itself. */
export function synonymKey(stemmed: string): string {
  return CANONICAL.get(stemmed) ?? stemmed;
}
