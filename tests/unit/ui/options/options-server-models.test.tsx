// @vitest-environment jsdom
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../../../src/settings/schema';
import { click, eventually, type FakeWorld, find, q, type, unmount, until } from '../helpers';
import { mountOptions, optionsHelpers, optionsWorld } from './options-page';

let world: FakeWorld;
let root: HTMLElement;

beforeEach(async () => {
  world = await optionsWorld();
});
afterEach(() => unmount(root));

const { save } = optionsHelpers(() => ({ root, world }));

const SERVER: Settings = {
  ...DEFAULT_SETTINGS,
  engine: 'openai',
  openaiBaseUrl: 'http://127.0.0.1:11434/v1',
  openaiModel: 'qwen3:4b',
};

const field = () => q<HTMLSelectElement | HTMLInputElement>(root, 'openai-model');
const choices = () => [...(q<HTMLSelectElement>(root, 'openai-model')?.options ?? [])].map((o) => o.text);
function choose(value: string) {
  const select = q<HTMLSelectElement>(root, 'openai-model');
  if (!select) throw new Error('no model select');
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

// Issue 30 finding 6: Options asked for the model server's model name as free text although the
// connection test already listed the server's models.
describe("the model server's model name", () => {
  it("is a dropdown of the server's models, and keeps a way to type another name", async () => {
    world.handle('engine.models', () => ({ models: ['qwen3:4b', 'llama3.2:3b'] }));
    root = await mountOptions(world, SERVER);
    await until(() => field()?.tagName === 'SELECT');
    expect(choices()).toEqual(['qwen3:4b', 'llama3.2:3b', 'Another name…']);
    expect(field()?.value).toBe('qwen3:4b');
    choose('llama3.2:3b');
    await save();
    expect(world.settings.openaiModel).toBe('llama3.2:3b');
    // "Another name…" opens a text field with the name so far; the list is one click away.
    choose('\u0000other');
    await until(() => field()?.tagName === 'INPUT');
    type(field() as HTMLInputElement, 'my-finetune');
    await save();
    expect(world.settings.openaiModel).toBe('my-finetune');
    click(await find(root, 'openai-model-list'));
    await until(() => field()?.tagName === 'SELECT');
    // A saved name the server does not list is kept, and said to be missing there.
    expect(choices()[0]).toBe('my-finetune (not on this server)');
    expect(field()?.value).toBe('my-finetune');
  });

  it('is typed while the server lists none, or while another URL is being typed', async () => {
    world.handle('engine.models', () => ({ models: [] }));
    root = await mountOptions(world, SERVER);
    await eventually(() => expect(world.sent.some((m) => m.type === 'engine.models')).toBe(true));
    expect(field()?.tagName).toBe('INPUT');
    expect(root.textContent).toContain('once the server answers, its models are listed here');
    unmount(root);

    world.handle('engine.models', () => ({ models: ['qwen3:4b'] }));
    root = await mountOptions(world, SERVER);
    await until(() => field()?.tagName === 'SELECT');
    // The list is the saved server's: it says nothing about a URL not saved yet.
    type(q<HTMLInputElement>(root, 'openai-base-url') as HTMLInputElement, 'http://127.0.0.1:8080/v1');
    await until(() => field()?.tagName === 'INPUT');
  });

  it('lists what the connection test found, and words the test in the user’s terms', async () => {
    world.handle('engine.models', () => ({ models: [] }));
    world.handle('engine.test', () => ({
      ok: true,
      message: 'Connected: 1 model, 7 ms.',
      models: ['gemma3:4b'],
      latencyMs: 7,
    }));
    root = await mountOptions(world, SERVER);
    await eventually(() => expect(field()?.tagName).toBe('INPUT'));
    click(q(root, 'test-connection'));
    await until(
      () => q(root, 'connection-result')?.textContent === 'Settings saved. Connected: 1 model, 7 ms.',
    );
    await until(() => field()?.tagName === 'SELECT');
    expect(choices()).toEqual(['qwen3:4b (not on this server)', 'gemma3:4b', 'Another name…']);
  });

  it('says why the test failed from its code, and goes back to typing', async () => {
    world.handle('engine.models', () => ({ models: ['qwen3:4b'] }));
    world.handle('engine.test', () => ({
      ok: false,
      message: 'Could not reach http://127.0.0.1:11434/v1: nothing answered there.',
      info: {
        code: 'model-server-origin-refused',
        params: { url: 'http://127.0.0.1:11434/v1', origin: 'moz-extension://abc' },
      },
    }));
    root = await mountOptions(world, SERVER);
    await until(() => field()?.tagName === 'SELECT');
    click(q(root, 'test-connection'));
    await until(() => q(root, 'connection-result')?.dataset.ok === 'false');
    const text = q(root, 'connection-result')?.textContent ?? '';
    expect(text).toContain('OLLAMA_ORIGINS=moz-extension://*');
    expect(text).not.toContain('nothing answered there');
    expect(field()?.tagName).toBe('INPUT');
  });
});
