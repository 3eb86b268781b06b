// `npm start`: builds the extension and opens Chromium with it loaded and the side panel page showing
// alone, in a window of the side panel's shape (scripts/lib/chromium-launch.mjs).
// `npm start -- --firefox`: builds dist-firefox/ and runs Firefox with it (web-ext run: a temporary
// add-on, reloaded when the build changes; Firefox opens Sleuth's sidebar when it is installed).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './lib/chromium-launch.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const firefox = process.argv.includes('--firefox');
const dist = path.join(root, firefox ? 'dist-firefox' : 'dist');
const browserName = firefox ? 'Firefox' : 'Chromium';
const which = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim();

const loadByHand = firefox
  ? `
To use the build in your own Firefox instead:
  1. Open about:debugging#/runtime/this-firefox and click "Load Temporary Add-on…".
  2. Choose ${path.join(dist, 'manifest.json')}
  3. Open the sidebar with the Sleuth toolbar button (or Alt+Shift+S).`
  : `
To use the build in your own Chrome instead:
  1. Open chrome://extensions and switch on "Developer mode" (top right).
  2. Click "Load unpacked" and choose ${dist}
  3. Click the Sleuth icon in the toolbar to open the side panel.`;

if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && !process.env.SLEUTH_UNDER_XVFB) {
  const xvfb = which('xvfb-run');
  if (xvfb) {
    console.log(`No display found: starting ${browserName} under xvfb-run.`);
    const r = spawnSync(
      xvfb,
      ['-a', process.execPath, fileURLToPath(import.meta.url), ...process.argv.slice(2)],
      {
        stdio: 'inherit',
        env: { ...process.env, SLEUTH_UNDER_XVFB: '1' },
      },
    );
    process.exit(r.status ?? 1);
  }
}

// --no-build opens what dist/ already holds (the e2e test of this script uses the e2e build).
if (!process.argv.includes('--no-build')) {
  console.log('Building the extension…');
  const build = spawnSync('npm', ['run', '-s', firefox ? 'build:firefox' : 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.log(
    `\nBuilt ${dist}, but this machine has no display and no xvfb-run (apt-get install xvfb), so no browser window can open.${loadByHand}`,
  );
  process.exit(1);
}

if (firefox) {
  const binary = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox']
    .filter(Boolean)
    .find((p) => existsSync(p));
  if (!binary) {
    console.log(
      `\nBuilt ${dist}, but no Firefox was found (set FIREFOX_PATH, or apt-get install firefox-esr).${loadByHand}`,
    );
    process.exit(1);
  }
  const profile =
    process.env.SLEUTH_PROFILE ?? path.join(os.homedir(), '.cache', 'sleuth-dev-profile-firefox');
  mkdirSync(profile, { recursive: true });
  console.log(`Starting ${binary} with Sleuth from ${dist}; profile in ${profile}`);
  const webExt = path.join(root, 'node_modules', '.bin', 'web-ext');
  const child = spawn(
    webExt,
    [
      'run',
      '--source-dir',
      dist,
      '--firefox',
      binary,
      '--firefox-profile',
      profile,
      '--keep-profile-changes',
      '--no-input',
    ],
    { stdio: 'inherit' },
  );
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const chrome = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ]
    .filter(Boolean)
    .find((p) => existsSync(p));
  if (!chrome) {
    console.log(
      `\nBuilt ${dist}, but no Chromium was found (set CHROME_PATH, or apt-get install chromium).${loadByHand}`,
    );
    process.exit(1);
  }

  const profile = process.env.SLEUTH_PROFILE ?? path.join(os.homedir(), '.cache', 'sleuth-dev-profile');
  mkdirSync(profile, { recursive: true });

  const args = [
    `--user-data-dir=${profile}`,
    `--disable-extensions-except=${dist}`,
    `--load-extension=${dist}`,
    '--enable-unsafe-webgpu',
    '--no-first-run',
    '--disable-sync',
    '--disable-background-networking',
    '--disable-component-update',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
  ];
  console.log(`Starting ${chrome} with Sleuth from ${dist}; profile in ${profile}`);
  const child = launchChromium({
    chrome,
    args,
    pagePath: 'extension/sidepanel/index.html',
    title: 'Sleuth',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
}
