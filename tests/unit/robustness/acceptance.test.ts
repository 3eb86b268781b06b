import { describe, expect, it } from 'vitest';
import { judge } from '../../robustness/acceptance';

describe('judging a robustness line', () => {
  const line = {
    privateNetwork: { attempts: 201, reached: 3, forms: 67, opened: 134, scripted: 67 },
    hostile: { cases: 12, crashed: 0, hung: 0 },
  };

  it('fails a suite smaller than the acceptance size', () => {
    expect(judge(line, {})).toEqual(['hostile.cases is 12, below the required 30']);
  });

  it('fails a private-network run whose attacker pages were not opened or ran no script', () => {
    const broken = { privateNetwork: { attempts: 201, reached: 0, forms: 67, opened: 10, scripted: 0 } };
    expect(judge(broken, {})).toEqual([
      'privateNetwork.opened is 10, below the required 80',
      'privateNetwork.scripted is 0, below the required 40',
    ]);
  });

  it('fails a count above its baseline and ignores suites that did not run', () => {
    const problems = judge(line, { 'privateNetwork.reached': 0, 'rendering.executed': 0, 'hostile.hung': 0 });
    expect(problems).toContain('privateNetwork.reached is 3, above the baseline 0');
    expect(problems.some((p) => p.startsWith('rendering'))).toBe(false);
  });

  it('fails an approval run where a case was stopped before the panel asked (another gate, not the approval)', () => {
    const one = { approval: { cases: 11, leaked: 0, notReached: 0, shown: 10 } };
    expect(judge(one, {})).toEqual(['approval.shown is 10, not approval.cases (11)']);
    expect(judge({ approval: { ...one.approval, shown: 11 } }, {})).toEqual([]);
  });
});
