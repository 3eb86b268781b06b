import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Translate } from '../shared/translate';

/** The rare and destructive history actions (Import, Clear all), folded behind one button. */
export function HistoryMenu({ t, children }: { t: Translate; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !box.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div class="menu" ref={box}>
      <button
        type="button"
        data-testid="history-menu"
        aria-expanded={open}
        aria-controls="history-menu-items"
        onClick={() => setOpen(!open)}
      >
        {t('historyMore')}
      </button>
      {/* Kept in the page while closed: a file chosen through the input must survive the menu closing. */}
      <div id="history-menu-items" class="menu-items" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
