// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { stepToRecord } from '../../../../src/store/step-codec';
import { SidePanelApp } from '../../../../src/ui/sidepanel/app';
import { sampleSession, sampleSteps } from '../../export/sample-session';
import { eventually, fakeWorld, find, mount, unmount } from '../helpers';

let root: HTMLElement;
afterEach(() => unmount(root));

describe('export trail default', () => {
  for (const exportTrail of [true, false]) {
    it(`follows settings.exportTrail = ${exportTrail}`, async () => {
      const world = await fakeWorld();
      world.settings = { ...DEFAULT_SETTINGS, exportTrail };
      await world.store.sessions.create({ ...sampleSession(), id: 'done' });
      for (const st of sampleSteps()) await world.store.steps.put(stepToRecord('done', st));
      world.handle('runner.active', () => ({ sessionIds: ['done'] }));
      root = mount(<SidePanelApp services={world.services} />);
      const box = await find<HTMLInputElement>(root, 'export-trail');
      await eventually(() => expect(box.checked).toBe(exportTrail));
    });
  }
});
