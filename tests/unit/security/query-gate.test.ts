import { describe, expect, it } from 'vitest';
import { checkQuery, entropy, looksLikeRandomBlob } from '../../../src/security/query-gate';

describe('checkQuery', () => {
  it.each([
    'best hiking trails near Lisbon',
    'DR-Venus 4B deep research agent arXiv 2604.19859',
    'how to configure-the-reverse-proxy-for-websockets-in-production nginx',
    'git commit message conventions',
    '量子计算 最新 进展 2025',
    'python @dataclass frozen',
    'sha256 of empty string',
    'Qwen3-4B-Thinking-2507 context window',
    'ISBN 978-3-16-148410-0',
    'order 4111 1111 1111 1112 not a card',
    'population 1000000000000 people',
  ])('lets an ordinary query through: %s', (query) => {
    expect(checkQuery(query)).toEqual({ ok: true });
  });

  it.each([
    ['openai key sk-proj-a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuV', 'secret'],
    ['ghp_1234567890abcdefghijklmnopqrstuvwxyzAB leaked', 'secret'],
    ['AKIAIOSFODNN7EXAMPLE aws', 'secret'],
    ['slack xoxb-123456789012-abcdefghijkl', 'secret'],
    ['AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q', 'secret'],
    [
      'token eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'secret',
    ],
    ['-----BEGIN RSA PRIVATE KEY----- MIIEow', 'private-key'],
    ['-----BEGIN OPENSSH PRIVATE KEY-----', 'private-key'],
    ['contact jane.doe+work@example.co.uk', 'email'],
    ['card 4012 8888 8888 1881 expiry', 'card'],
    ['4539-1488-0343-6467', 'card'],
    ['amex 378282246310005', 'card'],
    ['hash 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 'blob'],
    ['secret dGhpc0lzQVNlY3JldFRva2VuV2l0aDEyMzQ1Njc4OTA=', 'blob'],
  ] as const)('flags %s', (query, kind) => {
    const result = checkQuery(query);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.kind).toBe(kind);
      expect(result.reason).toContain('Sleuth does not send secrets');
    }
  });

  it('does not repeat the whole secret in its reason', () => {
    const key = 'sk-proj-a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuV';
    const result = checkQuery(`why is ${key} rejected`);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).not.toContain(key);
      expect(result.reason).toContain('sk-p…uV');
    }
  });
});

describe('looksLikeRandomBlob', () => {
  it('needs length and entropy', () => {
    expect(looksLikeRandomBlob('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).toBe(false);
    expect(looksLikeRandomBlob('Ab1Ab1Ab1Ab1Ab1Ab1Ab1Ab1Ab1Ab1Ab1Ab1')).toBe(false);
    expect(looksLikeRandomBlob('q8Zr3LmP0xWv7TnK2sYb5HdG9cFj4RaE6uQi')).toBe(true);
    expect(looksLikeRandomBlob('Short1x')).toBe(false);
  });

  it('computes entropy in bits per character', () => {
    expect(entropy('abab')).toBeCloseTo(1);
    expect(entropy('abcd')).toBeCloseTo(2);
  });
});
