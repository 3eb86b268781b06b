/**
 * Host permissions (origins) the user grants at run time. `request` must run inside a user gesture:
 * callers invoke it synchronously from a click handler, before any await, or Chrome refuses it.
 */

import { chrome } from './browser-api';

export async function hasOrigins(origins: string[]): Promise<boolean> {
  if (origins.length === 0) return true;
  return chrome.permissions.contains({ origins });
}

export function requestOrigins(origins: string[]): Promise<boolean> {
  if (origins.length === 0) return Promise.resolve(true);
  // No await before this call: it has to happen in the same task as the click.
  return chrome.permissions.request({ origins });
}
