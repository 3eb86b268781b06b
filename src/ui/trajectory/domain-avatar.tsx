import { LineIcon } from '../shared/line-icon';
import { avatarHue, avatarMark } from './avatar-mark';

/**
 * A letter avatar instead of a favicon: favicons would need the `favicon` permission or a fetch.
 * An address with no letter to show gets a drawn globe (a digit beside the source's number read as "1 1").
 */
export function DomainAvatar({ domain, title }: { domain: string; title?: string }) {
  const mark = avatarMark(domain, title);
  return (
    <span class="avatar" aria-hidden="true" style={{ '--hue': String(avatarHue(domain)) }}>
      {mark ?? <LineIcon name="globe" />}
    </span>
  );
}
