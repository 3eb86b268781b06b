// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { RunError } from '../../../../src/errors/run-error';
import { SEARCH_FAILED_MESSAGE } from '../../../../src/errors/search-failed';
import { sessionRunError } from '../../../../src/store/legacy-errors';
import { SessionErrors } from '../../../../src/ui/session/session-errors';
import { mount, q, tEn, unmount } from '../helpers';

const REASON =
  'No search provider could answer. No SearXNG instance answered at this address (404). Check the URL in Options → Search.';
const count = (text: string, part: string) => text.split(part).length - 1;

let root: HTMLElement;
afterEach(() => unmount(root));

/** A session saved before errors had codes: its English text is all the panel has. */
function banner(message: string): string {
  const error = sessionRunError({ error: message, errorCode: 'search-failed' }) ?? undefined;
  root = mount(
    <SessionErrors
      errors={[{ code: 'search-failed', message, fatal: true, error }]}
      onOpenOptions={() => {}}
      t={tEn}
    />,
  );
  return q(root, 'error-banner')?.textContent ?? '';
}

// The banner of a run whose every search failed said it three times ("Every search failed…", "Search
// failed: Every search of this run failed…", in parentheses the provider's own "No search provider
// could answer…"), and "Options → Search" twice beside the "Open search settings" button.
describe('the banner of a run whose every search failed', () => {
  it('says it once, then the reason and its fix, as sentences', () => {
    const text = banner(SEARCH_FAILED_MESSAGE(REASON));
    expect(text).toContain('Every search failed, so this run found nothing on the web.');
    expect(count(text, 'Every search')).toBe(1);
    expect(text).not.toContain('Search failed:');
    expect(text).toContain(REASON);
    expect(count(text, 'Options → Search')).toBe(1);
    expect(text).not.toMatch(/\(No search|\.\)/);
  });

  it('reads the same for a run saved with the earlier wording', () => {
    const saved = `Every search of this run failed, so nothing was found on the web (${REASON}). Check the search providers in Options → Search.`;
    const text = banner(saved);
    expect(count(text, 'Every search')).toBe(1);
    expect(count(text, 'Options → Search')).toBe(1);
    expect(text).toContain(REASON);
  });

  it('a reason that does not say where to fix it gets the pointer to the search settings', () => {
    const message = SEARCH_FAILED_MESSAGE('Brave answered HTTP 429 (too many requests)');
    expect(message).toBe(
      'Every search of this run failed, so nothing was found on the web. Brave answered HTTP 429 (too many requests). Check the search providers in Options → Search.',
    );
    expect(banner(message)).toContain(
      'Brave answered HTTP 429 (too many requests). Check the search providers',
    );
  });
});

// A run against a model server that is down showed the server's five lines twice: in the engine
// notice at the top of the panel and again in the session's banner under the question. The two are
// one failure when their codes say so; their English text is never compared.
describe('a model failure the engine notice above already shows', () => {
  const DOWN = 'Could not reach http://127.0.0.1:9/v1 (Failed to fetch): nothing answered there.';
  const HINT = 'Start the model server (Ollama, llama.cpp, vLLM, LM Studio) or fix the base URL.';
  const UNREACHABLE: RunError = {
    code: 'model-server-unreachable',
    params: {
      url: 'http://127.0.0.1:9/v1',
      host: '127.0.0.1:9',
      reach: 'loopback',
      cause: 'unknown',
      origin: 'chrome-extension://abc',
    },
  };
  const mountWith = (shownAbove?: RunError, error: RunError = UNREACHABLE) => {
    root = mount(
      <SessionErrors
        errors={[{ code: 'engine-failed', message: `${DOWN} ${HINT}`, fatal: true, error }]}
        shownAbove={shownAbove}
        t={tEn}
      />,
    );
    return q(root, 'error-banner')?.textContent ?? '';
  };

  it('leaves it to that box: one box for one failure', () => {
    // The status check and the run saw the refusal differently; it is the same server down.
    expect(mountWith({ ...UNREACHABLE, params: { ...UNREACHABLE.params, cause: 'refused' } })).toBe('');
    expect(q(root, 'error-banner')).toBeNull();
  });

  it('still says the other problems of the run', () => {
    root = mount(
      <SessionErrors
        errors={[
          { code: 'engine-failed', message: `${DOWN} ${HINT}`, fatal: true, error: UNREACHABLE },
          { code: 'tool-failed', message: 'The page could not be read.', fatal: false },
        ]}
        shownAbove={UNREACHABLE}
        t={tEn}
      />,
    );
    const text = q(root, 'error-banner')?.textContent ?? '';
    expect(text).toContain('The page could not be read.');
    expect(text).not.toContain('is not answering');
  });

  it('says it in full when the notice shows nothing, or something else', () => {
    expect(mountWith()).toContain('Model failed: The model server at http://127.0.0.1:9/v1 is not answering');
    unmount(root);
    const other: RunError = {
      code: 'model-load-failed',
      params: { model: 'qwen3', cause: 'out-of-memory' },
    };
    expect(mountWith(other)).toContain('is not answering');
    unmount(root);
    // A library's own text is one failure only when it is the same text.
    const failed = (detail: string): RunError => ({ code: 'engine-failed', params: { detail } });
    expect(mountWith(failed('out of memory'), failed('device lost'))).toContain('device lost');
    unmount(root);
    expect(mountWith(failed('device lost'), failed('device lost'))).toBe('');
  });
});
