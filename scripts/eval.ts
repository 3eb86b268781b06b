/**
 * `npm run -s eval -- --data FILE --server URL --model NAME [options]`: measures Sleuth's research
 * agent against an OpenAI-compatible model server (see README "Measuring accuracy").
 * Ctrl-C stops after recording what is done; a second Ctrl-C quits at once.
 */
import { runEvalCli } from './eval/node/main';

const stop = new AbortController();
process.on('SIGINT', () => {
  if (stop.signal.aborted) process.exit(130);
  process.stderr.write(
    '\nstopping: finishing the records of completed attempts (Ctrl-C again to quit now)\n',
  );
  stop.abort('interrupted');
});

runEvalCli(process.argv.slice(2), {
  stdout: (s) => process.stdout.write(s),
  stderr: (s) => process.stderr.write(s),
  isTTY: process.stderr.isTTY === true,
  env: process.env,
  fetch: globalThis.fetch.bind(globalThis),
  signal: stop.signal,
  now: Date.now,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  },
);
