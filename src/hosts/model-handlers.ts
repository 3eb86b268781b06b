import type { ModelLibrary } from '../llm/download/model-library';
import { describeChoice, type EngineHost } from '../llm/host/engine-host';
import type { EnginePlan } from '../llm/host/engine-status';
import type { RoomHandlers } from '../messaging/handlers';
import { parseSettings, type Settings } from '../settings/schema';

type ModelMessages = 'engine.plan' | 'engine.sample' | 'engine.storedModels' | 'engine.deleteStored';

/** The engine room's answers about models: what would load and why, a sample, stored models, delete. */
export function createModelHandlers(d: {
  engines: EngineHost;
  library: ModelLibrary;
  loadSettings(): Promise<Settings>;
}): Pick<RoomHandlers<'engine'>, ModelMessages> {
  return {
    'engine.plan': async (req): Promise<EnginePlan> => {
      const saved = await d.loadSettings();
      const s = req.settings ? parseSettings({ ...saved, ...req.settings }) : saved;
      const c = await d.engines.plan(s);
      const measured = await d.engines.measuredSpeed(c);
      return {
        ...describeChoice(c),
        ...(measured === undefined ? {} : { decodeTokensPerSecond: measured }),
        ...(c.downloadBytes === undefined ? {} : { downloadBytes: c.downloadBytes }),
        ...(c.totalBytes === undefined ? {} : { totalBytes: c.totalBytes }),
      };
    },
    'engine.sample': async (req) => {
      // The model the settings name, already loaded or stored: a check never starts a download.
      const engine = await d.engines.ensure(await d.loadSettings());
      const r = await engine.chat([{ role: 'user', content: req.prompt }], {
        maxTokens: req.maxTokens,
        temperature: 0.7,
      });
      return {
        text: r.text,
        completionTokens: r.usage.completionTokens,
        decodeTokensPerSecond: r.usage.decodeTokensPerSecond ?? 0,
        engine: d.engines.status(),
      };
    },
    'engine.storedModels': async () => ({
      models: (await d.library.list()).map(({ folder, label, totalBytes, doneBytes, complete, shards }) => ({
        folder,
        label,
        totalBytes,
        doneBytes,
        complete,
        shards,
      })),
      downloading: d.library.downloading(),
    }),
    'engine.deleteStored': async (req) => {
      // wllama reads a loaded model's files lazily: drop the engine before its files go.
      const { engine, state } = d.engines.status();
      if (engine === 'wllama' && state !== 'not-loaded') await d.engines.unload();
      await d.library.remove(req.folder);
      return { deleted: true };
    },
  };
}
