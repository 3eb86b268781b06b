// @vitest-environment jsdom
import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { SourceCards } from '../../../../src/ui/answer/sources-list';
import { avatarMark } from '../../../../src/ui/trajectory/avatar-mark';
import { tEn } from '../helpers';

describe("a source's avatar (no favicon)", () => {
  it('shows the initial of a named host', () => {
    expect(avatarMark('sre.google', 'Monitoring')).toBe('S');
    expect(avatarMark('www.example.org', '')).toBe('E');
    expect(avatarMark('localhost', '')).toBe('L');
    // A name may start with a digit and is still a name.
    expect(avatarMark('9to5mac.com', 'News')).toBe('9');
  });

  it('uses the first letter of the title for a numeric address, never a digit', () => {
    expect(avatarMark('127.0.0.1', 'Blanket.js coverage')).toBe('B');
    expect(avatarMark('[::1]', '  "Über" uns')).toBe('Ü');
    // An IPv6 address has letters (hex digits) that are no initial of anything.
    expect(avatarMark('[fe80::1]', 'coverage')).toBe('C');
    expect(avatarMark('192.168.1.20', '北京天气')).toBe('北');
  });

  it('gives a generic mark when neither host nor title has a letter', () => {
    expect(avatarMark('127.0.0.1', '')).toBeNull();
    expect(avatarMark('127.0.0.1', '127.0.0.1')).toBeNull();
    expect(avatarMark('[::1]', '2024')).toBeNull();
    expect(avatarMark('', '')).toBeNull();
  });

  it('a source chip on 127.0.0.1 shows no digit beside its number', () => {
    const el = document.createElement('div');
    render(
      <SourceCards
        sources={[
          { n: 1, url: 'http://127.0.0.1:4100/pages/coverage/', title: 'Blanket.js | Coverage' },
          { n: 2, url: 'http://[::1]:4100/x', title: '' },
        ]}
        passages={new Map()}
        t={tEn}
      />,
      el,
    );
    const avatars = [...el.querySelectorAll('.chip .avatar')];
    expect(avatars.map((a) => a.textContent)).toEqual(['B', '']);
    expect(avatars[1]?.querySelector('svg')).not.toBeNull();
    // What the chip reads: its number, then the title, never "1 1".
    expect(el.querySelector('.chip')?.textContent).toMatch(/^1BBlanket\.js/);
  });
});
