import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/**
 * Keeps a textarea as tall as its text: one line when empty, a line more per line typed, up to its
 * CSS max-height (then it scrolls). CSS `field-sizing: content` would do this, but Firefox lacks it.
 */
export function useGrowToFit(ref: RefObject<HTMLTextAreaElement>, value: string): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = 'auto';
    const style = getComputedStyle(el);
    // scrollHeight holds the padding, not the border; the box is sized border-box.
    const borders = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth);
    el.style.height = `${el.scrollHeight + borders}px`;
  }, [ref, value]);
}
