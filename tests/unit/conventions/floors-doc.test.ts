import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FLOORS } from '../../../scripts/lib/floors';

/**
 * docs/ARCHITECTURE.md draws the floor table that the boundary test enforces; a reader trusts the
 * drawing, so it must say what the code checks: the same floors, names and rooms.
 */
interface DrawnFloor {
  level: number;
  name: string;
  rooms: string[];
}

/** The rows of the first markdown table under "## 1. Floors". */
function drawnFloors(markdown: string): DrawnFloor[] {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('1. Floors')) ?? '';
  const rows = section.split('\n').filter((l) => /^\|\s*\d+\s*\|/.test(l));
  return rows.map((row) => {
    const cells = row.split('|').map((c) => c.trim());
    const rooms = [...(cells[3] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    return { level: Number(cells[1]), name: cells[2] ?? '', rooms };
  });
}

/** The doc names the first extension/ room with its prefix and the rest by folder alone. */
const roomName = (room: string) => room.replace(/^extension\//, '');

const fromCode = () =>
  FLOORS.map((f) => ({ level: f.level, name: f.name, rooms: f.rooms.map(roomName).sort() })).sort(
    (a, b) => b.level - a.level,
  );

describe('the floor table in docs/ARCHITECTURE.md', () => {
  it('draws the floors, names and rooms that the boundary test enforces', () => {
    const drawn = drawnFloors(readFileSync('docs/ARCHITECTURE.md', 'utf8')).map((f) => ({
      ...f,
      rooms: f.rooms.map(roomName).sort(),
    }));
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn).toEqual(fromCode());
  });

  it('a room drawn on the wrong floor is caught', () => {
    const doc = [
      '## 1. Floors',
      '| floor | name | rooms | why |',
      '| ----- | ---- | ----- | --- |',
      '| 1 | vocabulary | `settings`, `extract`, `llm`, `store` | x |',
    ].join('\n');
    const row = drawnFloors(doc)[0];
    expect(row?.rooms).toContain('store');
    const vocabulary = fromCode().find((f) => f.level === 1);
    expect(row?.rooms.sort()).not.toEqual(vocabulary?.rooms);
  });
});
