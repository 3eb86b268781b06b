import { avatarHue, avatarLetter } from './step-summary';

/** A letter avatar instead of a favicon: favicons would need the `favicon` permission or a fetch. */
export function DomainAvatar({ domain }: { domain: string }) {
  return (
    <span class="avatar" aria-hidden="true" style={{ '--hue': String(avatarHue(domain)) }}>
      {avatarLetter(domain)}
    </span>
  );
}
