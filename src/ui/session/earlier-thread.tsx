import { useEffect, useState } from 'preact/hooks';
import type { AgentStep } from '../../agent/types';
import { readCitedAnswer } from '../../export/records';
import type { SessionRecord } from '../../store/records';
import { stepFromRecord } from '../../store/step-codec';
import { AnswerView } from '../answer/answer-view';
import type { UiServices } from '../shared/services';

/** A thread holds a few questions; the cap only guards against a loop in stored links. */
const MAX_EARLIER = 20;

interface Earlier {
  session: SessionRecord;
  steps: AgentStep[];
}

/** The questions this one follows, oldest first, read from the store along `followUpOf`. */
async function loadThread(services: UiServices, firstId: string): Promise<Earlier[]> {
  const store = await services.store;
  const out: Earlier[] = [];
  const seen = new Set<string>();
  for (let id: string | undefined = firstId; id && !seen.has(id) && out.length < MAX_EARLIER; ) {
    seen.add(id);
    const session = await store.sessions.get(id);
    if (!session) break;
    const steps = (await store.steps.listForSession(id)).map(stepFromRecord);
    out.unshift({ session, steps });
    id = session.followUpOf;
  }
  return out;
}

/**
 * The earlier questions and answers of a thread, above the current one: a line each (the question
 * as typed), opening to the answer with its sources.
 */
export function EarlierThread({
  services,
  followUpOf,
  onOpen,
}: {
  services: UiServices;
  followUpOf: string;
  /** Opens an earlier question on its own (its trail, export and retry). */
  onOpen?: ((id: string) => void) | undefined;
}) {
  const { t } = services;
  const [thread, setThread] = useState<Earlier[]>([]);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let alive = true;
    loadThread(services, followUpOf).then(
      (found) => alive && setThread(found),
      () => alive && setThread([]),
    );
    return () => {
      alive = false;
    };
  }, [services, followUpOf]);
  if (thread.length === 0) return null;
  return (
    <ol class="thread-earlier" aria-label={t('threadEarlier')} data-testid="thread-earlier">
      {thread.map(({ session, steps }) => (
        <li key={session.id}>
          <details
            onToggle={(e) => {
              const isOpen = (e.currentTarget as HTMLDetailsElement).open;
              setOpen((s) => {
                const next = new Set(s);
                if (isOpen) next.add(session.id);
                else next.delete(session.id);
                return next;
              });
            }}
          >
            <summary data-testid="thread-question">{session.question}</summary>
            {/* Rendered only when opened: a long thread's answers cost nothing folded. */}
            {open.has(session.id) ? (
              session.answer !== undefined ? (
                <AnswerView
                  text={session.answer}
                  citations={readCitedAnswer(session.citations)}
                  forced={false}
                  steps={steps}
                  model={session.model}
                  t={t}
                />
              ) : (
                <p class="small muted">{t('threadNoAnswer')}</p>
              )
            ) : null}
            {open.has(session.id) && onOpen ? (
              <button type="button" class="link small" onClick={() => onOpen(session.id)}>
                {t('threadOpen')}
              </button>
            ) : null}
          </details>
        </li>
      ))}
    </ol>
  );
}
