/**
 * Cheap pre-check for stylesheet hiding. Computing styles element by element is slow in jsdom, so
 * when every stylesheet can be read we collect the selectors of rules that could hide something
 * and compute styles only for elements matching one. Where a sheet cannot be read (cross-origin
 * sheets in a real tab, where computing styles is cheap anyway) there is no pre-check.
 */

const HIDING_DECLARATION =
  /(?:^|[;{\s])(?:display\s*:\s*(?:none|var\()|visibility\s*:\s*(?:hidden|collapse|var\()|opacity\s*:\s*(?:0*\.?0+\s*(?:!important)?\s*(?:;|$)|var\()|font(?:-size)?\s*:[^;]*?(?:^|[\s:/])0(?:\.0*)?(?:px|em|rem|%|pt)?\s*(?:[/;!]|$))/i;

interface RuleLike {
  cssText?: string;
  selectorText?: string;
  style?: { cssText?: string };
  cssRules?: ArrayLike<RuleLike>;
}

function collect(rules: ArrayLike<RuleLike>, out: string[]): void {
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i];
    if (!rule) continue;
    if (rule.selectorText && HIDING_DECLARATION.test(rule.style?.cssText ?? '')) out.push(rule.selectorText);
    // @media / @supports / @layer blocks may apply; treat their rules as if they do.
    if (rule.cssRules && !rule.selectorText) collect(rule.cssRules, out);
  }
}

function usable(el: Element, selector: string): boolean {
  try {
    el.matches(selector);
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns a test that is false only for elements no stylesheet rule could hide, or null when the
 * stylesheets cannot all be read (then every element must be checked).
 */
export function stylesheetHidingFilter(doc: Document): ((el: Element) => boolean) | null {
  const selectors: string[] = [];
  try {
    for (const sheet of Array.from(doc.styleSheets))
      collect(sheet.cssRules as ArrayLike<RuleLike>, selectors);
  } catch {
    return null;
  }
  const probe = doc.body ?? doc.documentElement;
  if (!probe) return null;
  if (selectors.length === 0) return () => false;
  let combined = selectors.join(',');
  if (!usable(probe, combined)) combined = selectors.filter((s) => usable(probe, s)).join(',');
  if (!combined) return () => false;
  return (el) => {
    try {
      return el.matches(combined);
    } catch {
      return true;
    }
  };
}
