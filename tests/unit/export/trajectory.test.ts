import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseTurn } from '../../../src/agent/parse';
import { parseTrajectory, sessionToTrajectory } from '../../../src/export';
import { sampleSession, sampleSteps } from './sample-session';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const shared = `${root}../shared/fixtures/drvenus/sft/`;

function fixtureFiles(): string[] {
  const files = [`${root}tests/fixtures/drvenus/0000.json`].filter((f) => existsSync(f));
  if (existsSync(shared)) {
    for (const f of readdirSync(shared).sort()) if (f.endsWith('.json')) files.push(shared + f);
  }
  return files;
}

describe('parseTrajectory', () => {
  const files = fixtureFiles();

  it('has at least one recorded trajectory to read', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('shows every assistant turn of %s as a step', (file) => {
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      messages: Array<{ role: string; content: string }>;
    };
    const result = parseTrajectory(json);
    if (!result.ok) throw new Error(result.error);
    const assistant = json.messages.filter((m) => m.role === 'assistant');
    expect(result.view.steps).toHaveLength(assistant.length);
    assistant.forEach((m, i) => {
      const step = result.view.steps[i];
      expect(step?.raw).toBe(m.content);
      expect(step?.action).toEqual(parseTurn(m.content).action);
    });
    // Each tool call is followed by its observation, unwrapped from <tool_response>.
    for (const s of result.view.steps) {
      if (s.action.kind === 'search' || s.action.kind === 'visit') {
        expect(s.observation).not.toBeNull();
        expect(s.observation).not.toContain('<tool_response>');
      }
    }
    expect(result.view.question.length).toBeGreaterThan(0);
  });

  it('rejects files that are not trajectories with a readable reason', () => {
    for (const bad of [null, 42, { messages: 'x' }, { messages: [{ role: 'hacker', content: '' }] }, {}]) {
      const r = parseTrajectory(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(/Not a trajectory file/);
    }
  });
});

describe('sessionToTrajectory', () => {
  it('writes the DR-Venus message shape and reads back to the same steps', () => {
    const steps = sampleSteps();
    const t = sessionToTrajectory(sampleSession(), steps, 'SYSTEM PROMPT');
    expect(t.messages[0]).toEqual({ role: 'system', content: 'SYSTEM PROMPT' });
    expect(t.messages[1]).toEqual({ role: 'user', content: 'What is the boiling point of water?' });
    expect(t.messages[2]).toEqual({ role: 'assistant', content: steps[0]?.raw });
    expect(t.messages[3]?.content.startsWith('<tool_response>\n[')).toBe(true);
    const back = parseTrajectory(JSON.parse(JSON.stringify(t)));
    if (!back.ok) throw new Error(back.error);
    expect(back.view.steps.map((s) => s.observation)).toEqual(steps.map((s) => s.observation));
    expect(back.view.question).toBe('What is the boiling point of water?');
  });
});
