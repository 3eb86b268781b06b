/**
 * The floors of the house: every room of src/ and extension/ stands on one, and an import (type-only
 * included) may go to a room on the same floor or a lower one, never to a higher one. Rooms on one floor
 * may import each other, but not in a cycle at run time (boundaries.ts checks both). docs/ARCHITECTURE.md
 * draws this same table; change them together.
 *
 * A room is a folder of src/ (`agent`, `store`, …), a subfolder of src/llm/ or src/tools/ (`llm/host`,
 * `tools/browse`; the files directly in src/llm/ are the room `llm`), or a folder of extension/
 * (`extension/shared`). A room missing from the table is itself a violation, so a new room is placed
 * on purpose.
 */
export interface Floor {
  /** 0 is the ground floor. */
  level: number;
  name: string;
  rooms: readonly string[];
  /** What the floor is for, as docs/ARCHITECTURE.md says it. */
  why: string;
}

export const FLOORS: readonly Floor[] = [
  {
    level: 0,
    name: 'ground',
    rooms: ['text', 'security', 'profiles', 'errors'],
    why: 'leaves: text segmentation, URL policy and gates, model profile data and prompt texts, the error codes',
  },
  {
    level: 1,
    name: 'vocabulary',
    rooms: ['settings', 'extract', 'llm'],
    why: 'the settings schema and its ids, page → article extraction, the ChatEngine interface',
  },
  {
    level: 2,
    name: 'logic',
    rooms: [
      'agent',
      'llm/openai',
      'llm/webllm',
      'llm/wllama',
      'llm/hub',
      'llm/gguf',
      'llm/download',
      'tools/search',
      'tools/browse',
    ],
    why: 'the research loop, the engines and their downloads, search providers, page reading',
  },
  {
    level: 3,
    name: 'composition',
    rooms: ['citations', 'store', 'export', 'llm/host'],
    why: 'what works on the loop’s results (citations, the IndexedDB store, exports) and the engine host',
  },
  {
    level: 4,
    name: 'orchestration',
    rooms: ['runner', 'tools/agent-tools', 'router', 'test-seams'],
    why: 'research sessions, the agent’s tools built from settings, the service worker’s tab logic',
  },
  {
    level: 5,
    name: 'protocol',
    rooms: ['messaging'],
    why: 'the one message protocol between contexts, typed from the rooms below it',
  },
  {
    level: 6,
    name: 'hosts',
    rooms: ['hosts', 'platform'],
    why: 'the message handler tables (browser parts as parameters) and the only code touching chrome.*',
  },
  {
    level: 7,
    name: 'views',
    rooms: ['ui'],
    why: 'Preact views; they reach the rest through UiServices (messages and the store)',
  },
  {
    level: 8,
    name: 'entry points',
    rooms: [
      'extension/background',
      'extension/firefox-background',
      'extension/offscreen',
      'extension/sidepanel',
      'extension/options',
      'extension/content',
      'extension/shared',
    ],
    why: 'one thin entry per extension context: binds platform/ into the hosts and views',
  },
];

const SPLIT_ROOMS = new Set(['llm', 'tools']);

/** The room a file belongs to: `agent`, `llm`, `llm/host`, `tools/browse`, `extension/background`, … */
export function roomOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'extension') return `extension/${parts[1] ?? ''}`;
  if (parts[0] !== 'src') return parts[0] ?? file;
  const top = parts[1] ?? '';
  if (parts.length > 3 && SPLIT_ROOMS.has(top)) return `${top}/${parts[2]}`;
  return top;
}

const LEVEL = new Map(FLOORS.flatMap((f) => f.rooms.map((r) => [r, f.level] as const)));

/** The floor a room stands on, or undefined for a room the table does not place. */
export const floorOf = (room: string): number | undefined => LEVEL.get(room);
