import type { Summary, WindowSummary } from './summary';

/** `report.md`: a table per context window and the Pass@K plot (written beside it as an SVG). */

const pct = (x: number | null | undefined) =>
  x === null || x === undefined ? '–' : `${(x * 100).toFixed(1)}%`;
const num = (x: number | null, digits = 1) => (x === null ? '–' : x.toFixed(digits));

export interface ReportContext {
  model: string;
  data: string;
  judge: string;
  profile: string;
  startedAt: string;
}

function windowTable(w: WindowSummary, attempts: number): string {
  const rows: Array<[string, string]> = [['Pass@1 (mean over attempts)', pct(w.pass1)]];
  for (let k = 2; k <= attempts; k++) rows.push([`Pass@${k}`, pct(w.passAtK[String(k)])]);
  if (attempts > 1) rows.push([`Maj@${attempts} (Sleuth's vote)`, pct(w.majAtK)]);
  rows.push(
    ['Browse share, all attempts', pct(w.browseShare.all)],
    ['Browse share, correct attempts', pct(w.browseShare.correct)],
    ['Browse share, incorrect attempts', pct(w.browseShare.incorrect)],
    ['Average steps', num(w.avgSteps)],
    ['Average pages read', num(w.avgPagesRead)],
    ['Average seconds', num(w.avgSeconds)],
    ['Average folds', num(w.avgFolds)],
    ['Average peak context (tokens)', num(w.avgPeakContextTokens, 0)],
    ['Judged attempts', String(w.judged)],
    ['Failed attempts (not counted)', String(w.errors)],
    [
      'Terminations',
      Object.entries(w.terminations)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ') || '–',
    ],
  );
  const set = w.setAnswers;
  if (set)
    rows.push(
      [`Set answers graded item by item (DeepSearchQA)`, String(set.rated)],
      ['Set answers fully correct', pct(set.fullyCorrect)],
      ['Set answers correct with excessive answers', pct(set.correctWithExcessive)],
      ['Set answers partially correct', pct(set.partiallyCorrect)],
      ['Set answers fully incorrect', pct(set.fullyIncorrect)],
      [
        'Set answers precision / recall / F1 (means)',
        `${pct(set.precision)} / ${pct(set.recall)} / ${pct(set.f1)}`,
      ],
    );
  return ['| figure | value |', '| --- | --- |', ...rows.map(([k, x]) => `| ${k} | ${x} |`)].join('\n');
}

export function renderReport(summary: Summary, ctx: ReportContext, svgName: string): string {
  const out = [
    '# Sleuth eval report',
    '',
    `- model: \`${ctx.model}\`, profile: \`${ctx.profile}\``,
    `- data: \`${ctx.data}\` (${summary.questions} questions, ${summary.attempts} attempt${summary.attempts === 1 ? '' : 's'} each)`,
    `- judge: ${ctx.judge}`,
    `- started: ${ctx.startedAt}`,
    '',
    'Pass@1 is the share of attempts judged correct. Pass@k is the chance that at least one of k',
    'attempts is correct (unbiased estimate from all attempts). Maj@K is the share of questions whose',
    "answer picked by Sleuth's own vote among the K attempts is correct. Browse share is pages read ÷",
    'tool calls. Attempts that failed (model or judge server errors) are left out of every figure.',
    '',
  ];
  // The paper's table: one row per setting, Pass@1, Pass@K at the largest K, and the browse share
  // of correct and incorrect runs.
  const k = summary.attempts;
  out.push(
    '## As the paper lays it out',
    '',
    `| setting | Pass@1 | Pass@${k} | browse share, correct | browse share, incorrect |`,
    '| --- | --- | --- | --- | --- |',
    ...summary.windows.map(
      (w) =>
        `| ${ctx.model}, window ${w.window} | ${pct(w.pass1)} | ${pct(w.passAtK[String(k)] ?? w.pass1)} | ${pct(w.browseShare.correct)} | ${pct(w.browseShare.incorrect)} |`,
    ),
    '',
  );
  for (const w of summary.windows) {
    out.push(`## Context window ${w.window}`, '', windowTable(w, summary.attempts), '');
  }
  if (summary.attempts > 1) out.push('## Pass@K', '', `![Pass@K over K](${svgName})`, '');
  return out.join('\n');
}
