// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../src/settings/schema';
import { click, type FakeWorld, q, type, unmount, until } from '../helpers';
import { mountOptions, optionsHelpers, optionsWorld } from './options-page';

// Three stored settings had no field on the Options page (issue 14): the model server's wait, the
// research-format grammar and the GGUF download part size. Each now has a field, with help and a range.
let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await optionsWorld();
  world.handle('engine.storedModels', () => ({ models: [], downloading: null }));
  world.handle('engine.plan', () => ({ engine: 'wllama', modelId: 'm', label: 'm', reason: '' }));
});
afterEach(() => unmount(root));

const { button, save } = optionsHelpers(() => ({ root, world }));
const input = (testId: string) => {
  const el = q<HTMLInputElement>(root, testId);
  if (!el) throw new Error(`no field ${testId}`);
  return el;
};
const helpOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => root.querySelector(`[id="${id}"]`)?.textContent ?? '')
    .join(' ');

describe('options for the settings that had no field', () => {
  it("the model server's wait is set in seconds, with help, and a value out of range is said in words", async () => {
    root = await mountOptions(world, { ...DEFAULT_SETTINGS, engine: 'openai', openaiModel: 'qwen3:4b' });
    const wait = input('openaiFirstByteTimeoutSeconds');
    expect(wait.value).toBe('60');
    expect(wait.closest('label')?.textContent).toContain('Wait for the server (seconds)');
    expect(helpOf(wait)).toContain('Raise it if a large model is slow to load.');
    type(wait, '180');
    await save();
    expect(world.settings.openaiFirstByteTimeoutMs).toBe(180_000);
    type(wait, '0');
    expect(wait.getAttribute('aria-invalid')).toBe('true');
    expect(helpOf(wait)).toContain('Enter a number from 1 to 600.');
    // The browser itself refuses to submit a value under the field's minimum; an emptied field gets
    // past it, and Save's refusal names the field as the page shows it, not the stored key.
    type(wait, '');
    expect(helpOf(wait)).toContain('Enter a number from 1 to 600.');
    click(button('Save'));
    await until(() => (q(root, 'save-state')?.textContent ?? '').startsWith('Not saved'));
    expect(q(root, 'save-state')?.textContent).toBe(
      'Not saved: the value of “Wait for the server (seconds)” is out of range.',
    );
    expect(world.settings.openaiFirstByteTimeoutMs).toBe(180_000);
  });

  it('the GGUF engine offers the research-format grammar and the download part size', async () => {
    root = await mountOptions(world, { ...DEFAULT_SETTINGS, engine: 'wllama' });
    const grammar = input('grammar');
    expect(grammar.checked).toBe(false);
    expect(helpOf(grammar)).toContain('GGUF models only.');
    const part = input('ggufShardMb');
    expect(part.value).toBe('512');
    expect(helpOf(part)).toContain('cannot open one file over 2 GB');
    click(grammar);
    type(part, '256');
    await save();
    expect(world.settings).toMatchObject({ grammar: 'protocol', ggufShardMb: 256 });
    type(part, '4096');
    expect(part.getAttribute('aria-invalid')).toBe('true');
    expect(q(root, 'ggufShardMb-error')?.textContent).toBe('Enter a number from 1 to 2000.');
  });

  it('Auto shows them too (it may fall back to a GGUF); a model server does not get the GGUF ones', async () => {
    root = await mountOptions(world, { ...DEFAULT_SETTINGS, engine: 'auto' });
    expect(q(root, 'grammar')).not.toBeNull();
    expect(q(root, 'ggufShardMb')).not.toBeNull();
    unmount(root);
    root = await mountOptions(world, { ...DEFAULT_SETTINGS, engine: 'openai' });
    expect(q(root, 'grammar')).toBeNull();
    expect(q(root, 'ggufShardMb')).toBeNull();
  });
});
