import { useState } from 'preact/hooks';
import type { Draft } from '../ask/draft';
import { draftFromCurrentPage } from '../ask/page-research';
import type { UiServices } from '../shared/services';
import { message } from './error-message';

/** "Research this page": a draft from the page in the tab, or a note when it cannot be read. */
export function usePageDraft(
  services: UiServices,
  setDraft: (draft: Draft) => void,
  setError: (error: string) => void,
) {
  const { t, client } = services;
  const [note, setNote] = useState<string | null>(null);

  const researchPage = async () => {
    setNote(null);
    try {
      const next = await draftFromCurrentPage(client, t);
      if (next) {
        setDraft(next);
        document.getElementById('question')?.focus();
      } else setNote(t('pageUnreadable'));
    } catch (e) {
      setError(message(e));
    }
  };

  return { note, researchPage };
}
