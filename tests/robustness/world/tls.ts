import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TlsMaterial {
  key: Buffer;
  cert: Buffer;
}

/**
 * A throw-away self-signed certificate for the suite's https targets (Chromium runs with
 * --ignore-certificate-errors). Made fresh each run with openssl, so no key lives in the repository.
 */
export function makeSelfSignedCert(): TlsMaterial {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sleuth-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=sleuth-robustness',
      ].concat(['-keyout', key, '-out', cert]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
