// `npm run package`: builds both extensions and zips each for its store, into artifacts/:
// sleuth-chrome-<version>.zip (Chrome Web Store) and sleuth-firefox-<version>.zip (addons.mozilla.org).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const webExt = path.join(root, 'node_modules', '.bin', 'web-ext');
const out = path.join(root, 'artifacts');

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run('npm', ['run', '-s', 'build']);
run('npm', ['run', '-s', 'build:firefox']);
for (const [browser, dir] of [
  ['chrome', 'dist'],
  ['firefox', 'dist-firefox'],
]) {
  // web-ext only zips here (a plain zip with the manifest at its root is what both stores take).
  run(webExt, [
    'build',
    '--source-dir',
    dir,
    '--artifacts-dir',
    out,
    '--filename',
    `sleuth-${browser}-${version}.zip`,
    '--overwrite-dest',
    '--no-input',
  ]);
}
console.log(`Packages are in ${out}`);
