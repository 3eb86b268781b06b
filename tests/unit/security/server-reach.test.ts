import { describe, expect, it } from 'vitest';
import { reachOf } from '../../../src/security/server-reach';

describe('where a configured server lives', () => {
  it.each([
    ['http://127.0.0.1:8888', 'loopback'],
    ['http://localhost:11434/v1', 'loopback'],
    ['http://[::1]:8080', 'loopback'],
    ['http://searx.localhost', 'loopback'],
    ['http://192.168.1.5:8080', 'lan'],
    ['http://10.0.0.2', 'lan'],
    ['http://[fd00::1]/', 'lan'],
    ['http://nas.local:8888', 'lan'],
    ['http://searx/', 'lan'],
    ['https://searx.example.org', 'public'],
    ['https://api.search.brave.com/res/v1', 'public'],
    ['not a url', 'public'],
  ])('%s is %s', (url, reach) => {
    expect(reachOf(url)).toBe(reach);
  });
});
