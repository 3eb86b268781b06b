import type { TokenCounter } from '../../../src/agent/deps';
import type { ChatEngine } from '../../../src/llm/engine';
import { OpenAiEngine } from '../../../src/llm/openai/openai-engine';
import { DEFAULT_URL_POLICY, type UrlPolicy } from '../../../src/security/url-policy';
import { createQwenCounter } from '../../lib/qwen-counter';
import { type parseTrajectory, replayEngine, replayTools } from '../../lib/replay';
import type { AttemptSetup } from '../attempt';
import type { EvalConfig, ServerSpec } from '../cli-args';
import type { EvalItem } from '../dataset';
import { exactJudge, type Judge, llmJudge } from '../judge';
import { type JudgeTemplate, parseJudgeTemplate } from '../judge-prompt';
import type { Profile } from '../profiles';
import { withBodyFields } from '../request-fields';
import { retryingEngine } from '../retrying-engine';
import { type ChromiumReader, createChromiumReader } from './chromium-reader';
import { type CliIo, readTextFile } from './cli-io';
import { buildSearch, evalToolsFactory } from './eval-tools';
import { createFetchReader } from './fetch-reader';
import type { ProfileFiles } from './profile-files';

/** Qwen3's exact counter for Qwen3-family models (DR-Venus is one) and replays of its runs. */
function tokenizerFor(config: EvalConfig, profile: Profile): TokenCounter | undefined {
  const mode = config.choices.tokenizer;
  if (mode === 'estimate') return undefined;
  const qwen =
    config.replay || profile.name === 'dr-venus' || /qwen-?3|dr-?venus/i.test(config.server?.model ?? '');
  return mode === 'qwen3' || qwen ? sharedQwenCounter() : undefined;
}

let qwenCounter: TokenCounter | undefined;
const sharedQwenCounter = () => {
  qwenCounter ??= createQwenCounter();
  return qwenCounter;
};

/** `--reader chromium`: one headless Chromium for the run; PDFs and text still go through fetch. */
async function startChromium(
  config: EvalConfig,
  policy: UrlPolicy,
  io: CliIo,
): Promise<ChromiumReader | string> {
  const fallback = createFetchReader({ fetch: io.fetch, policy, timeoutMs: config.pageTimeoutMs });
  try {
    return await createChromiumReader({ policy, timeoutMs: config.pageTimeoutMs, fallback });
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    return `--reader chromium: Chromium did not start (${why}); set CHROME_PATH to its executable`;
  }
}

/** The judge, and what each attempt runs with: a model server and real tools, or a recorded trajectory. */

export async function checkServer(
  spec: ServerSpec,
  role: string,
  io: CliIo,
  timeoutMs: number,
): Promise<OpenAiEngine | string> {
  const engine = new OpenAiEngine({
    baseUrl: spec.url,
    ...(spec.apiKey ? { apiKey: spec.apiKey } : {}),
    fetch: io.fetch,
    firstByteTimeoutMs: timeoutMs,
  });
  await engine.load(spec.model);
  const probe = await engine.testConnection(io.signal);
  if (!probe.ok) return `${role}: ${probe.message} ${probe.hint}`.trim();
  if (probe.modelFound === false)
    return `${role}: ${spec.url} has no model "${spec.model}" (it has: ${probe.models.join(', ') || 'none'})`;
  return engine;
}

export interface Wiring {
  setupAttempt(item: EvalItem, window: number, attempt: number): Promise<AttemptSetup>;
  judge: Judge;
  /** Ends what the run started (the Chromium reader's browser). */
  close?: () => Promise<void>;
}

export async function wire(
  config: EvalConfig,
  profile: Profile,
  io: CliIo,
  trajectories: ReadonlyMap<string, ReturnType<typeof parseTrajectory>>,
  files: ProfileFiles = {},
): Promise<Wiring | string> {
  const tokenizer = tokenizerFor(config, profile);
  let judge: Judge = exactJudge();
  if (config.judge.mode === 'llm') {
    const engine = await checkServer(config.judge, 'judge server', io, config.firstByteTimeoutMs);
    if (typeof engine === 'string') return engine;
    let template: JudgeTemplate | undefined;
    if (config.judgePrompt) {
      const t = readTextFile(config.judgePrompt, '--judge-prompt');
      if (!t.ok) return t.error;
      const parsed = parseJudgeTemplate(t.text);
      if (typeof parsed === 'string') return `--judge-prompt ${config.judgePrompt}: ${parsed}`;
      template = parsed;
    }
    judge = llmJudge(engine, config.retry, template ? { template } : {});
  }
  const note = (what: string) => (err: unknown, retry: number, delay: number) =>
    io.stderr(
      `\n${what} failed (${err instanceof Error ? err.message : String(err)}); retry ${retry} in ${delay} ms\n`,
    );

  if (config.replay) {
    return {
      judge,
      async setupAttempt(item, window) {
        const t = trajectories.get(item.id);
        if (!t || typeof t === 'string') throw new Error(`question "${item.id}" cannot be replayed`);
        const engine = replayEngine(t, tokenizer, window);
        return {
          engine,
          ...(tokenizer ? { tokenizer } : {}),
          tools: replayTools(t, engine),
          settings: {
            ...profile.settings,
            systemPrompt: t.systemPrompt,
            contextWindow: window,
            maxSteps: Math.max(config.maxSteps ?? 200, t.assistant.length + 1),
          },
        };
      },
    };
  }

  const model = config.server;
  if (!model) return '--server and --model are required';
  const probe = await checkServer(model, 'model server', io, config.firstByteTimeoutMs);
  if (typeof probe === 'string') return probe;
  let extractor: ChatEngine | undefined;
  const summary = config.choices.summary;
  if (summary === 'model') extractor = probe;
  else if (config.extractor && summary !== 'passages') {
    const e = await checkServer(config.extractor, 'extractor server', io, config.firstByteTimeoutMs);
    if (typeof e === 'string') return e;
    extractor = e;
  }
  // --extractor-prompt, else the profile's text (which --prompts may have replaced).
  const extractorText = files.extractorPrompt ?? profile.settings.prompts?.extractor;
  const search = buildSearch(config.search, io.env, io.fetch);
  if (typeof search === 'string') return search;
  const policy = { ...DEFAULT_URL_POLICY, allowHttp: config.allowHttp, allowLoopback: config.allowLoopback };
  const chromium = config.reader === 'chromium' ? await startChromium(config, policy, io) : undefined;
  if (typeof chromium === 'string') return chromium;
  const tools = evalToolsFactory({
    search,
    policy,
    ...(chromium ? { reader: chromium.read } : {}),
    fetch: io.fetch,
    pageTimeoutMs: config.pageTimeoutMs,
    maxTabs: config.maxTabs,
    unseenUrls: config.allowUnseenUrls ? 'public-runs' : 'refuse',
    ...(extractor ? { extractor, summaryTemperature: profile.summaryTemperature } : {}),
    ...(extractorText ? { extractorPrompt: extractorText } : {}),
  });
  return {
    judge,
    ...(chromium ? { close: chromium.close } : {}),
    async setupAttempt(item, window, attempt) {
      const engine = new OpenAiEngine({
        baseUrl: model.url,
        ...(model.apiKey ? { apiKey: model.apiKey } : {}),
        contextWindow: window,
        firstByteTimeoutMs: config.firstByteTimeoutMs,
        fetch: withBodyFields(io.fetch, profile.requestFields),
      });
      await engine.load(model.model);
      return {
        engine: retryingEngine(engine, config.retry, note('model request')),
        ...(tokenizer ? { tokenizer } : {}),
        tools: tools(item.question, window),
        settings: {
          ...profile.settings,
          contextWindow: window,
          ...(config.maxSteps ? { maxSteps: config.maxSteps } : {}),
          // Each request its own seed from these (src/agent/request-seed.ts), kept on its step.
          ...(config.seed === null ? {} : { seed: { base: config.seed, attempt } }),
        },
      };
    },
  };
}
