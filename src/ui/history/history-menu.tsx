import type { ComponentChildren } from 'preact';
import type { Translate } from '../shared/translate';
import { useDismissable } from '../shared/use-dismissable';

/** The rare and destructive history actions (Import, Clear all), folded behind one button. */
export function HistoryMenu({ t, children }: { t: Translate; children: ComponentChildren }) {
  const { open, setOpen, box } = useDismissable<HTMLDivElement>();
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
