import { avatarHue, avatarMark } from './avatar-mark';

/**
 * A letter avatar instead of a favicon: favicons would need the `favicon` permission or a fetch.
 * An address with no letter to show gets a drawn globe (a digit beside the source's number read as "1 1").
 */
export function DomainAvatar({ domain, title }: { domain: string; title?: string }) {
  const mark = avatarMark(domain, title);
  return (
    <span class="avatar" aria-hidden="true" style={{ '--hue': String(avatarHue(domain)) }}>
      {mark ?? (
        <svg
          width="12"
          height="12"
          viewBox="0 0 16 16"
          aria-hidden="true"
          focusable="false"
          data-testid="globe-icon"
        >
          <circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5" />
          <ellipse cx="8" cy="8" rx="2.75" ry="6.25" fill="none" stroke="currentColor" stroke-width="1.5" />
          <path d="M2 8h12" stroke="currentColor" stroke-width="1.5" />
        </svg>
      )}
    </span>
  );
}
