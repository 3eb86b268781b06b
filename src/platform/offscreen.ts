/**
 * The offscreen document hosts the engine and the research runner. Chrome allows one per extension,
 * so creation is guarded by `runtime.getContexts` and by one shared promise for concurrent callers.
 */
const OFFSCREEN_PATH = 'extension/offscreen/index.html';

let creating: Promise<boolean> | null = null;

async function exists(): Promise<boolean> {
  const url = chrome.runtime.getURL(OFFSCREEN_PATH);
  const contexts = await chrome.runtime.getContexts({
    contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT],
    documentUrls: [url],
  });
  return contexts.length > 0;
}

/** Resolves true when this call created the document, false when it was already running. */
export async function ensureOffscreenDocument(): Promise<boolean> {
  if (await exists()) return false;
  if (!creating) {
    creating = chrome.offscreen
      .createDocument({
        url: OFFSCREEN_PATH,
        // WORKERS: the engine runs WebGPU/wasm work; DOM_PARSER: search result pages are parsed here.
        reasons: [chrome.offscreen.Reason.WORKERS, chrome.offscreen.Reason.DOM_PARSER],
        justification: 'Runs the on-device language model and the research loop outside the side panel.',
      })
      .then(
        () => true,
        async (err: unknown) => {
          // Another caller may have won the race between getContexts and createDocument.
          if (await exists()) return false;
          throw err;
        },
      )
      .finally(() => {
        creating = null;
      });
  }
  return creating;
}
