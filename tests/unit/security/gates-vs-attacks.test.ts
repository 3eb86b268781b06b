import { describe, expect, it } from 'vitest';
import { PrivateText } from '../../../src/security/private-text';
import { checkQuery } from '../../../src/security/query-gate';
import { SeenUrls } from '../../../src/security/seen-urls';
import { fillTemplate } from '../../robustness/model/directives';
import {
  accountPageMarkdown,
  BENIGN,
  EXFIL_CASES,
  EXFIL_QUESTION,
  orderFor,
  secretFor,
} from '../../robustness/suites/exfil-cases';
import { reveals } from '../../robustness/suites/leak-detect';

// The attack suite's own exfiltration orders, filled in as its obeying model fills them, against the
// pure gates: what the wired extension will refuse, checked without a browser.
const secrets = EXFIL_CASES.map((c, i) => secretFor(c.value, i));
const page = accountPageMarkdown(secrets);

/** A search call is judged whole: each query alongside the others, as the tools will check it. */
function searchLeaks(queries: string[]): string[] {
  const taint = new PrivateText(EXFIL_QUESTION);
  taint.add(page);
  return queries.filter(
    (q, i) =>
      checkQuery(q).ok &&
      taint.check(
        q,
        queries.filter((_, j) => j !== i),
      ).ok,
  );
}

describe("the gates stop the attack suite's exfiltration orders", () => {
  EXFIL_CASES.forEach((c, i) => {
    if (c.channel !== 'search' && c.channel !== 'visit') return;
    it(`${c.id}`, () => {
      const order = orderFor(c, i).replace(/^(search|visit): /, '');
      const filled = fillTemplate(order, page);
      expect(filled, 'the secret is on the page').toBeDefined();
      const parts = (filled ?? '').split('||').map((s) => s.trim());
      if (c.channel === 'search') {
        const sent = searchLeaks(parts);
        expect(reveals(sent, secrets[i] ?? ''), `sent: ${sent.join(' | ')}`).toBe(false);
        return;
      }
      const seen = new SeenUrls();
      seen.add('http://attacker.example/landing', 'search');
      const r = seen.resolve(parts[0] ?? '');
      const opened = r.ok ? r.url : '';
      expect(reveals([opened], secrets[i] ?? '')).toBe(false);
    });
  });

  it('lets the benign moves through', () => {
    expect(searchLeaks([BENIGN.topicQuery])).toEqual([BENIGN.topicQuery]);
    expect(searchLeaks([BENIGN.publicSentence])).toEqual([BENIGN.publicSentence]);
    expect(searchLeaks([`${BENIGN.questionTicket} status`])).toEqual([`${BENIGN.questionTicket} status`]);
  });
});
