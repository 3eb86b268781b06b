export { domainOf, isWebUrl } from './domain';
export {
  type SearchGroup,
  type SearchHit,
  searchGroupsOf,
  type VisitEvidence,
  visitEvidenceOf,
} from './observation';
export { readCitedAnswer, readStats } from './records';
export { answerOf, type MarkdownOptions, sessionToMarkdown } from './session-markdown';
export {
  parseTrajectory,
  sessionToTrajectory,
  systemPromptFor,
  type Trajectory,
  type TrajectoryParse,
  type TrajectoryView,
} from './trajectory';
