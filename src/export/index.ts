export { domainOf, isWebUrl } from './domain';
export {
  parseSearchObservation,
  parseVisitObservation,
  type SearchGroup,
  type SearchHit,
  type VisitEvidence,
} from './observation';
export { readCitedAnswer, readStats } from './records';
export { answerOf, type MarkdownOptions, readDates, sessionToMarkdown } from './session-markdown';
export {
  parseTrajectory,
  sessionToTrajectory,
  systemPromptFor,
  type Trajectory,
  type TrajectoryParse,
  type TrajectoryView,
} from './trajectory';
