/**
 * A magnifying glass drawn inline: an emoji needs a colour-emoji font, and without one (headless
 * Chromium, many Linux desktops) it shows as a missing-glyph box. Decorative; it takes the text colour.
 */
export function SearchIcon() {
  return (
    <svg
      class="icon"
      width="12"
      height="12"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      data-testid="search-icon"
    >
      <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="2" />
      <path d="M10 10l4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
    </svg>
  );
}
