export { sessionToMarkdown } from './session-markdown';
export { parseTrajectory, sessionToTrajectory, systemPromptFor, type TrajectoryView } from './trajectory';
