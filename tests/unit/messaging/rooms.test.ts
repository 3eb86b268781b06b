import { describe, expect, it } from 'vitest';
import type { EngineHandlerDeps } from '../../../src/hosts/engine-handlers';
import { createEngineHandlers } from '../../../src/hosts/engine-handlers';
import type { RouterDeps } from '../../../src/hosts/router-handlers';
import { createRouterHandlers } from '../../../src/hosts/router-handlers';
import { createRunnerHandlers } from '../../../src/hosts/runner-handlers';
import type { SearchTestDeps } from '../../../src/hosts/search-test-handler';
import { createSearchTestHandlers } from '../../../src/hosts/search-test-handler';
import { composeHandlers } from '../../../src/messaging/handlers';
import { messages } from '../../../src/messaging/protocol';
import type { ResearchRunner } from '../../../src/runner/runner';

describe('room tables', () => {
  it('the four rooms together answer every message of the protocol, each exactly once', () => {
    // Composing twice the same message would throw; a message no room answers would be missed here.
    const all = composeHandlers(
      createRouterHandlers({} as RouterDeps),
      createEngineHandlers({} as EngineHandlerDeps),
      createRunnerHandlers(new Promise<ResearchRunner>(() => undefined)),
      createSearchTestHandlers({} as SearchTestDeps),
    );
    for (const type of Object.keys(messages)) expect(all.handles(type), type).toBe(true);
  });

  it('each table answers only its own room', () => {
    const tables = {
      router: createRouterHandlers({} as RouterDeps),
      engine: createEngineHandlers({} as EngineHandlerDeps),
      runner: createRunnerHandlers(new Promise<ResearchRunner>(() => undefined)),
      search: createSearchTestHandlers({} as SearchTestDeps),
    };
    for (const [room, table] of Object.entries(tables)) {
      for (const type of Object.keys(table)) {
        expect(messages[type as keyof typeof messages].room, type).toBe(room);
      }
    }
  });
});
