import { useState } from 'preact/hooks';
import type { Translate } from '../shared/translate';

/** The suggested follow-up questions under an answer: one click asks one in this thread. */
export function SuggestedFollowUps({
  suggestions,
  onAsk,
  t,
}: {
  suggestions: readonly string[];
  onAsk: (question: string) => Promise<boolean>;
  t: Translate;
}) {
  const [busy, setBusy] = useState(false);
  if (suggestions.length === 0) return null;
  return (
    <div class="suggested" data-testid="suggested">
      <h3 class="small muted suggested-title">{t('suggestTitle')}</h3>
      <ul>
        {suggestions.map((s) => (
          <li key={s}>
            <button
              type="button"
              class="link suggested-q"
              data-testid="suggested-follow-up"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void onAsk(s).finally(() => setBusy(false));
              }}
            >
              {s}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
