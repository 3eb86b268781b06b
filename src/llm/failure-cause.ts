/**
 * What actually went wrong when a model could not be downloaded, loaded or asked, read from the
 * error's name and text (libraries throw plain Errors; a failed fetch is a bare `TypeError: Failed
 * to fetch`). The order matters: an HTTP status is the most specific fact, so "Failed to fetch …
 * 404" is a missing file, not an offline machine.
 */
export type FailureCause =
  | 'device-lost'
  | 'no-webgpu'
  | 'not-found'
  | 'http'
  | 'dns'
  | 'cors'
  | 'offline'
  | 'bad-file'
  | 'out-of-memory'
  | 'unknown';

export interface Failure {
  cause: FailureCause;
  /** The HTTP status, when the text carries one. */
  status?: number;
  name: string;
  message: string;
}

const DEVICE_LOST = /device (was )?lost|devicelost|gpudevice.*lost|device is lost/i;
const NO_WEBGPU =
  /webgpu is not supported|cannot find webgpu|no webgpu|navigator\.gpu|unable to find a compatible gpu|requestadapter/i;
// "HTTP 404", "status 404", "404 Not Found", "404 : https://…" (emscripten's fetch), "(404)".
const HTTP_STATUS =
  /\b(?:http|status(?: code)?)[\s:=]*([1-5]\d\d)\b|\b([45]\d\d)\s*(?::\s*\S|not found|forbidden|unauthori[sz]ed|gone|too many|internal|bad gateway|service unavailable|gateway)|\(([45]\d\d)\)/i;
const DNS = /err_name_not_resolved|name_not_resolved|getaddrinfo|enotfound|dns/i;
const CORS =
  /\bcors\b|access-control-allow-origin|cross-origin|err_blocked_by_response|not allowed by access-control/i;
const OFFLINE =
  /failed to fetch|networkerror|network error|err_internet_disconnected|err_connection|econnrefused|econnreset|load failed|err_address_unreachable|err_network/i;
// A file that is not (all of) a GGUF model: wrong bytes read as sizes give absurd lengths.
const BAD_FILE =
  /invalid typed array length|invalid magic|not a gguf|gguf_init|unexpected end of (file|data)|failed to read (the )?model|invalid model file|corrupt/i;
const OOM =
  /out of memory|\boom\b|cannot allocate|allocation failed|memory access out of bounds|exceeds the max|maxbuffersize|maxstoragebuffer|not enough memory|insufficient memory|array buffer allocation/i;

function parts(err: unknown): { name: string; message: string } {
  if (err instanceof Error) return { name: err.name, message: err.message };
  if (typeof err === 'string') return { name: '', message: err };
  if (typeof err === 'number') return { name: '', message: `HTTP ${err}` };
  return { name: '', message: String(err) };
}

export function failureOf(err: unknown): Failure {
  const { name, message } = parts(err);
  const base = { name, message };
  if (name === 'DeviceLostError' || DEVICE_LOST.test(message)) return { ...base, cause: 'device-lost' };
  if (name === 'WebGPUNotAvailableError' || name === 'WebGPUNotFoundError' || NO_WEBGPU.test(message)) {
    return { ...base, cause: 'no-webgpu' };
  }
  const m = HTTP_STATUS.exec(message);
  const status = Number(m?.[1] ?? m?.[2] ?? m?.[3]);
  if (status >= 400) {
    return { ...base, status, cause: status === 404 || status === 410 ? 'not-found' : 'http' };
  }
  if (DNS.test(message)) return { ...base, cause: 'dns' };
  if (CORS.test(message)) return { ...base, cause: 'cors' };
  if (OFFLINE.test(message) || (name === 'TypeError' && /fetch/i.test(message))) {
    return { ...base, cause: 'offline' };
  }
  if (BAD_FILE.test(message)) return { ...base, cause: 'bad-file' };
  if (OOM.test(message) || name === 'RangeError') return { ...base, cause: 'out-of-memory' };
  return { ...base, cause: 'unknown' };
}

/** The host part of a URL, for messages ("huggingface.co"); the text itself when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
