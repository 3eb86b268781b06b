import type { Translate } from '../shared/translate';
import type { Draft } from './draft';

export function QuestionBox({
  draft,
  busy,
  onChange,
  onStart,
  onResearchPage,
  t,
}: {
  draft: Draft;
  busy: boolean;
  onChange: (d: Draft) => void;
  onStart: () => void;
  onResearchPage: () => void;
  t: Translate;
}) {
  const canStart = draft.question.trim().length > 0 && !busy;
  const submit = (e: Event) => {
    e.preventDefault();
    if (canStart) onStart();
  };
  return (
    <form class="ask" onSubmit={submit} aria-label={t('askLabel')}>
      {draft.page ? (
        <p class="page-chip">
          <span>
            {draft.origin === 'selection' ? t('askFromSelection') : t('askFromPage')}{' '}
            <strong>{draft.page.title}</strong>
          </span>
          <button
            type="button"
            class="link"
            onClick={() => onChange({ question: draft.question, origin: 'ask' })}
            aria-label={t('askClearPage')}
          >
            ✕
          </button>
        </p>
      ) : null}
      <label for="question" class="visually-hidden">
        {t('askQuestion')}
      </label>
      <textarea
        id="question"
        name="question"
        data-testid="question"
        rows={3}
        placeholder={t('askPlaceholder')}
        value={draft.question}
        onInput={(e) => onChange({ ...draft, question: e.currentTarget.value })}
        onKeyDown={(e) => {
          // Enter starts; Shift+Enter (and IME composition) keep the newline.
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            if (canStart) onStart();
          }
        }}
      />
      <div class="ask-actions">
        <button type="submit" class="primary" data-testid="start" disabled={!canStart}>
          {t('askStart')}
        </button>
        <button type="button" data-testid="research-page" onClick={onResearchPage} disabled={busy}>
          {t('askResearchPage')}
        </button>
      </div>
    </form>
  );
}
