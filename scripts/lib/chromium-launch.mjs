// `npm start`'s Chromium side: launch with the extension, then open its side panel page once the
// extension is running, talking to the browser over the DevTools pipe (no port any other local
// program could reach).
//
// Why not pass the page URL on the command line: Chromium opens command-line URLs before it has
// loaded a `--load-extension` extension, so the tab showed "ERR_BLOCKED_BY_CLIENT" instead of the
// panel. Why filter stderr: under xvfb there is no D-Bus session bus, and Chromium logs a couple of
// dozen "Failed to connect to the bus" errors that mean nothing for Sleuth.
import { spawn } from 'node:child_process';

/** Chromium's D-Bus complaints when no session bus exists (xvfb, containers). */
export const DBUS_NOISE = /dbus|Failed to connect to the bus|org\.freedesktop/i;

/** Writes Chromium's stderr through, line by line, without the D-Bus noise; returns how many lines it hid. */
function filterStderr(stream, out) {
  let hidden = 0;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      if (DBUS_NOISE.test(line)) hidden += 1;
      else out.write(`${line}\n`);
    }
  });
  return () => hidden;
}

/** A minimal DevTools protocol client over Chromium's pipe (fd 3 in, fd 4 out, messages end in NUL). */
function pipeClient(toBrowser, fromBrowser, onEvent) {
  let nextId = 1;
  const waiting = new Map();
  let buffer = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\0'); end !== -1; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.id !== undefined) {
        waiting.get(message.id)?.(message);
        waiting.delete(message.id);
      } else onEvent(message);
    }
  });
  // `sessionId`: a target attached to in flat mode (the extension's service worker).
  return (method, params = {}, sessionId = undefined) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, (m) => (m.error ? reject(new Error(m.error.message)) : resolve(m.result)));
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the panel page in a popup window of the side panel's shape, by the extension itself (a
 * tabbed window is at least 500 px wide), or in a new tabbed window where the worker cannot.
 * Returns the page's target id.
 */
async function openPanelWindow(send, worker, url, size) {
  try {
    const { sessionId } = await send('Target.attachToTarget', { targetId: worker, flatten: true });
    const create = `chrome.windows.create(${JSON.stringify({ url, type: 'popup', ...size })}).then(() => true)`;
    // The worker's `chrome` appears a moment after the worker itself.
    for (let i = 0; ; i++) {
      const r = await send('Runtime.evaluate', { expression: create, awaitPromise: true }, sessionId);
      if (!r.exceptionDetails) break;
      if (i >= 40) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
      await pause(250);
    }
    for (let i = 0; i < 40; i++) {
      const { targetInfos } = await send('Target.getTargets');
      const page = targetInfos.find((t) => t.type === 'page' && t.url === url);
      if (page) return page.targetId;
      await pause(250);
    }
  } catch {
    // Falls through to a tabbed window.
  }
  const r = await send('Target.createTarget', { url, newWindow: true, ...size });
  return r.targetId;
}

/** Closes the about:blank Chromium started with (a command-line URL keeps its new-tab page away). */
async function closeBlankTabs(send, keep) {
  const { targetInfos } = await send('Target.getTargets');
  for (const t of targetInfos) {
    if (t.type === 'page' && t.targetId !== keep && t.url === 'about:blank') {
      await send('Target.closeTarget', { targetId: t.targetId }).catch(() => undefined);
    }
  }
}

/** The page's window size and how many tabs are open, for the line that says the panel showed. */
async function shownIn(send, targetId) {
  const { bounds } = await send('Browser.getWindowForTarget', { targetId });
  const { targetInfos } = await send('Target.getTargets');
  const tabs = targetInfos.filter((t) => t.type === 'page').length;
  return `a ${bounds.width}×${bounds.height} window; ${tabs} tab${tabs === 1 ? '' : 's'} open`;
}

/**
 * Starts Chromium with the extension in `dist` and opens `pagePath` of it in a window of `size`
 * (the side panel's shape) when the extension's service worker is up. Returns the child process;
 * says on stdout when the page showed (its title is `title`), or what it showed instead.
 */
export function launchChromium({
  chrome,
  args,
  pagePath,
  title,
  size = { width: 400, height: 900 },
  log = console.log,
  timeoutMs = 30_000,
}) {
  const child = spawn(chrome, ['--remote-debugging-pipe', ...args, 'about:blank'], {
    stdio: ['ignore', 'inherit', 'pipe', 'pipe', 'pipe'],
  });
  const hiddenCount = filterStderr(child.stderr, process.stderr);
  let pageTarget = null;
  let done = false;
  const finish = (message) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    log(message);
    const hidden = hiddenCount();
    if (hidden > 0) log(`(${hidden} D-Bus messages from Chromium hidden: there is no session bus here.)`);
  };
  const timer = setTimeout(
    () => finish(`Chromium did not show the side panel page within ${timeoutMs / 1000} s.`),
    timeoutMs,
  );
  const send = pipeClient(child.stdio[3], child.stdio[4], (event) => {
    const info = event.params?.targetInfo;
    if (!info) return;
    if (event.method === 'Target.targetCreated' && pageTarget === null && info.type === 'service_worker') {
      const match = /^chrome-extension:\/\/([a-p]{32})\//.exec(info.url);
      if (!match) return;
      pageTarget = 'asked';
      const url = `chrome-extension://${match[1]}/${pagePath}`;
      // A window of the side panel's own shape, alone: not a 1000 px tab beside about:blank.
      openPanelWindow(send, info.targetId, url, size).then(
        async (targetId) => {
          pageTarget = targetId;
          // Chromium reports a title change only to a client attached to the page: ask until it shows.
          try {
            await closeBlankTabs(send, targetId);
            while (!done) {
              const { targetInfo } = await send('Target.getTargetInfo', { targetId });
              await judge(targetInfo);
              await pause(250);
            }
          } catch (e) {
            finish(`The side panel page went away before it showed: ${e.message}`);
          }
        },
        (e) => finish(`Could not open ${url}: ${e.message}`),
      );
    }
  });
  async function judge(info) {
    if (info.title === title) {
      finish(`Opened Sleuth's side panel page: ${info.url} (${await shownIn(send, info.targetId)})`);
    } else if (/ERR_|blocked|not available/i.test(info.title)) {
      finish(`The side panel page did not open: ${info.title}`);
    }
  }
  send('Target.setDiscoverTargets', { discover: true }).catch((e) =>
    finish(`Chromium's DevTools pipe did not answer: ${e.message}`),
  );
  child.on('exit', () => clearTimeout(timer));
  return child;
}
