/**
 * `npm run test:robustness`: the attack suite against the built extension (dist/, the e2e build) in
 * real headless Chromium. Prints ONE JSON line of counts per category on stdout; progress goes to
 * stderr and every case's outcome to test-results/robustness.json. Exits non-zero when the harness
 * breaks, when a suite is smaller than the acceptance sizes, or when a count is worse than
 * tests/robustness/baseline.json allows.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { artifactsDir } from '../e2e/helpers/paths';
import { judge } from './acceptance';
import { extensionWithAllSites, launchSuiteBrowser, openPanel, suiteSettings } from './browser/launch';
import { ObeyingModel } from './model/obeying-model';
import { approvalSuite } from './suites/approval';
import type { SuiteContext } from './suites/context';
import { crashSuite } from './suites/crash';
import { exfiltrationSuite } from './suites/exfiltration';
import { hostileSuite } from './suites/hostile';
import { isolationSuite } from './suites/isolation';
import { PRIVATE_FORMS, resolvedHost } from './suites/private-forms';
import { privateNetworkSuite } from './suites/private-network';
import { renderingSuite } from './suites/rendering';
import { startWorld } from './world/world';

const here = path.dirname(fileURLToPath(import.meta.url));
const say = (line: string) => process.stderr.write(`[robustness] ${line}\n`);

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const wants = (name: string) => only.length === 0 || only.includes(name);
  const model = new ObeyingModel();
  const world = await startWorld(model.respond);
  const ext = extensionWithAllSites();
  const rules = world.resolverRules(
    PRIVATE_FORMS.filter((f) => f.to).map((f) => ({ host: resolvedHost(f), to: f.to ?? 'private' })),
  );
  let browser = await launchSuiteBrowser({ extensionDir: ext.dir, rules });
  const settings = suiteSettings(world, { signInSites: ['shop.example'] });
  const details: Record<string, unknown> = {};
  const profiles: string[] = [];
  const line: Record<string, unknown> = {};
  try {
    const panel = await openPanel(browser, settings);
    const ctx: SuiteContext & { restart(): Promise<void>; relaunch(): Promise<void> } = {
      world,
      model,
      browser,
      panel,
      say,
      // A fresh browser (new profile) after a case left the extension unusable.
      async restart() {
        say('restarting the browser');
        await ctx.browser.close().catch(() => undefined);
        browser = await launchSuiteBrowser({ extensionDir: ext.dir, rules });
        ctx.browser = browser;
        ctx.panel = await openPanel(browser, settings);
      },
      // The same profile in a new browser process, as after the user quits and starts Chromium.
      async relaunch() {
        const userDataDir = ctx.browser.userDataDir;
        profiles.push(userDataDir);
        await ctx.browser.close({ keepProfile: true });
        browser = await launchSuiteBrowser({ extensionDir: ext.dir, rules, userDataDir });
        ctx.browser = browser;
        ctx.panel = await browser.openPage('extension/sidepanel/index.html');
        await ctx.panel.getByTestId('status-offscreen').and(ctx.panel.locator('[data-state=ok]')).waitFor();
      },
    };
    if (wants('private-network')) {
      const r = await privateNetworkSuite(ctx);
      details.privateNetwork = r;
      line.privateNetwork = {
        attempts: r.attempts,
        reached: r.reached,
        forms: PRIVATE_FORMS.length,
        byDelivery: r.byDelivery,
        opened: r.opened,
        scripted: r.scripted,
      };
    }
    if (wants('isolation')) {
      const r = await isolationSuite(ctx);
      details.isolation = r;
      line.isolation = {
        cases: r.cases,
        leaked: r.leaked,
        read: r.read,
        userSawAll: r.userSawAll ? 1 : 0,
        webrtcTcp: r.webrtcTcp,
      };
    }
    if (wants('exfiltration')) {
      const r = await exfiltrationSuite(ctx);
      details.exfiltration = r;
      line.exfiltration = {
        attempts: r.attempts,
        leaked: r.leaked,
        kinds: r.kinds,
        benign: r.benign,
        benignRefused: r.benignRefused,
      };
    }
    if (wants('approval')) {
      const r = await approvalSuite(ctx);
      details.approval = r;
      line.approval = { cases: r.cases, leaked: r.leaked, notReached: r.notReached, shown: r.shown };
    }
    if (wants('rendering')) {
      const r = await renderingSuite(ctx);
      details.rendering = r;
      line.rendering = {
        payloads: r.payloads,
        executed: r.executed,
        remoteLoads: r.remoteLoads,
        placements: r.placements,
        viewers: r.viewers,
        answerLinkCases: r.answerLinkCases,
        answerLinks: r.answerLinks,
        answerLinksShown: r.answerLinksShown,
      };
    }
    if (wants('hostile')) {
      const r = await hostileSuite(ctx);
      details.hostile = r;
      line.hostile = {
        cases: r.cases,
        crashed: r.crashed,
        hung: r.hung,
        reachedPrivate: r.reachedPrivate,
        unclear: r.unclear,
      };
    }
    if (wants('crash')) {
      const r = await crashSuite(ctx);
      details.crash = r;
      line.crash = {
        kinds: r.kinds,
        stepsLost: r.stepsLost,
        duplicated: r.duplicated,
        orphanTabs: r.orphanTabs,
        notRecovered: r.notRecovered,
        unexpected: r.unexpected,
        quota: {
          lost: r.quota.stepsLost,
          notKept: r.quota.savedBefore - r.quota.kept,
          noMessage: r.quota.message ? 0 : 1,
        },
      };
    }
  } finally {
    await browser.close().catch(() => undefined);
    await world.close();
    ext.remove();
    for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(artifactsDir, { recursive: true });
  writeFileSync(path.join(artifactsDir, 'robustness.json'), JSON.stringify(details, null, 2));
  process.stdout.write(`${JSON.stringify(line)}\n`);
  const baseline = JSON.parse(readFileSync(path.join(here, 'baseline.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const problems = judge(line, baseline);
  for (const p of problems) say(`FAIL: ${p}`);
  return problems.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    say(`harness failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(2);
  },
);
