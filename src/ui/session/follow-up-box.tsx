import { useRef, useState } from 'preact/hooks';
import type { Translate } from '../shared/translate';
import { useGrowToFit } from '../shared/use-grow-to-fit';

/** Asks a follow-up in the same thread: the new run starts from this answer and its sources. */
export function FollowUpBox({ onAsk, t }: { onAsk: (question: string) => Promise<boolean>; t: Translate }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useGrowToFit(box, text);
  const ask = async () => {
    const q = text.trim();
    if (!q || busy) return;
    setBusy(true);
    try {
      if (await onAsk(q)) setText('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      class="follow-up"
      onSubmit={(e) => {
        e.preventDefault();
        void ask();
      }}
    >
      <label for="follow-up" class="visually-hidden">
        {t('followUpLabel')}
      </label>
      <textarea
        id="follow-up"
        data-testid="follow-up"
        ref={box}
        rows={1}
        placeholder={t('followUpPlaceholder')}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            void ask();
          }
        }}
      />
      <button type="submit" class="primary" data-testid="follow-up-send" disabled={!text.trim() || busy}>
        {t('followUpSend')}
      </button>
    </form>
  );
}
