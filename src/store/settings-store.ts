import * as v from 'valibot';
import { parseSettings, type Settings } from '../settings/schema';
import { toJson } from './json';
import type { SettingsRepo } from './settings-repo';

/** All user settings live under one key of the `settings` store. */
const KEY = 'app';

export async function loadSettings(repo: Pick<SettingsRepo, 'get'>): Promise<Settings> {
  return parseSettings(await repo.get(KEY, v.unknown(), undefined));
}

export async function saveSettings(repo: Pick<SettingsRepo, 'set'>, settings: Settings): Promise<void> {
  await repo.set(KEY, toJson(settings));
}
