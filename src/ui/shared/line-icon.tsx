import type { JSX } from 'preact';

/**
 * Small line icons drawn inline, in the text colour: an emoji needs a colour-emoji font, and without
 * one (headless Chromium, many Linux desktops) it shows as a missing-glyph box. Decorative only.
 */
const SHAPES = {
  // A magnifying glass: before a search query.
  search: () => (
    <>
      <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="2" />
      <path d="M10 10l4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </>
  ),
  // A globe: the avatar of a numeric address, where a letter would read as part of a number.
  globe: () => (
    <>
      <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5" />
      <ellipse cx="8" cy="8" rx="2.75" ry="6.25" fill="none" stroke="currentColor" stroke-width="1.5" />
      <path d="M2 8h12" stroke="currentColor" stroke-width="1.5" />
    </>
  ),
} satisfies Record<string, () => JSX.Element>;

export function LineIcon({ name, class: className }: { name: keyof typeof SHAPES; class?: string }) {
  return (
    <svg
      class={className}
      width="12"
      height="12"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-testid={`${name}-icon`}
    >
      {SHAPES[name]()}
    </svg>
  );
}
