/** Public surface of the research agent. */
export { citeAnswer } from './citations';
export { renderConversation } from './conversation';
export type { AgentDeps, AgentTools, ResearchControl, TokenCounter, ToolContext } from './deps';
export { createControl } from './deps';
export { type ResearchInput, type RunOptions, runResearch } from './loop';
export { formatSearchObservation, formatVisitObservation, toolResponseTurn } from './observation-format';
export { parseTurn, toolCallOf } from './parse';
export { buildSystemPrompt } from './prompt';
export { collectReadPages, type ReadPage } from './read-pages';
export { readStepResult } from './read-step-result';
export { type AgentSettings, DEFAULT_SETTINGS } from './settings';
export { computeStats } from './stats';
export type * from './step-result';
export type * from './types';
