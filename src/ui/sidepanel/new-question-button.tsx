import type { Translate } from '../shared/translate';

/**
 * Short on screen ("+ New"), so that beside the question it seldom costs the question a line; its
 * name says the rest.
 */
export function NewQuestionButton({ onClick, t }: { onClick: () => void; t: Translate }) {
  return (
    <button
      type="button"
      class="new-question"
      data-testid="new-question"
      aria-label={t('newQuestionLabel')}
      title={t('newQuestionLabel')}
      onClick={onClick}
    >
      {t('newQuestion')}
    </button>
  );
}
