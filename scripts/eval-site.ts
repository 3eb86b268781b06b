/**
 * `npm run eval:site [-- --port N]`: serves the dev set's offline web (pages + a SearXNG-style search)
 * on 127.0.0.1 until Ctrl-C, and prints the eval command that uses it.
 */
import { parseArgs } from 'node:util';
import { DEV_SET, startEvalSite } from './lib/eval-site';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8888' } } });
const site = await startEvalSite({ port: Number(values.port) });
process.stdout.write(
  `Sleuth eval site: ${site.url} (${site.pages.length} pages, search at ${site.searchUrl}/search)\n\n` +
    `npm run -s eval -- --data ${DEV_SET.replace(`${process.cwd()}/`, '')} --server URL --model NAME \\\n` +
    `  --search searxng=${site.searchUrl} --allow-loopback\n\nCtrl-C stops it.\n`,
);
process.on('SIGINT', () => {
  void site.close().then(() => process.exit(0));
});
