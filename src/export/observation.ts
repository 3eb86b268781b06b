import { pageTexts } from '../agent/observation-format';
import { readStepResult } from '../agent/read-step-result';
import type { PageReadVia } from '../agent/step-result';
import type { AgentStep } from '../agent/types';
import type { SearchFailure } from '../errors/search-error-info';
import { domainOf } from './domain';

/** A step's results as cards and the research trail show them. */

/** A search hit as a card or the trail shows it, with its domain. */
export interface TrailHit {
  title: string;
  url: string;
  snippet: string;
  domain: string;
  date?: string;
}

export interface SearchGroup {
  query: string;
  hits: TrailHit[];
  error?: string;
  /** The failure as data, for the panel to word (the `error` text is the model's English). */
  info?: SearchFailure;
}

export interface VisitEvidence {
  url: string;
  domain: string;
  goal: string;
  evidence: string;
  summary: string;
  /** Why ranked passages stand in for the summary model's evidence. */
  note?: string;
  /** How the page was read: fetched, in a new or an open tab, or from an earlier read. */
  via?: PageReadVia;
  /** Why the page's visible text stands in for its article. */
  readNote?: string;
}

type StepFields = Pick<AgentStep, 'action' | 'observation' | 'result' | 'sources'>;

export function searchGroupsOf(step: StepFields): SearchGroup[] {
  const result = readStepResult(step);
  if (result?.tool !== 'search') return [];
  return result.searches.map((g) => ({
    query: g.query,
    hits: g.hits.map((h) => ({
      title: h.title || h.url,
      url: h.url,
      snippet: h.snippet,
      domain: domainOf(h.url),
      ...(h.date ? { date: h.date } : {}),
    })),
    ...(g.error ? { error: g.error } : {}),
    ...(g.errorInfo ? { info: g.errorInfo } : {}),
  }));
}

/** Each page of a visit with the words its frame gave the model (the reason, for a failed page). */
export function visitEvidenceOf(step: StepFields): VisitEvidence[] {
  const result = readStepResult(step);
  if (result?.tool !== 'visit') return [];
  return result.pages.map((p) => {
    const { evidence, summary } = pageTexts(p);
    const url = p.url.trim();
    return {
      url,
      domain: domainOf(url),
      goal: result.goal,
      evidence: evidence.trim(),
      summary: summary.trim(),
      ...(p.summaryNote ? { note: p.summaryNote } : {}),
      ...(p.via ? { via: p.via } : {}),
      ...(p.readNote ? { readNote: p.readNote } : {}),
    };
  });
}
