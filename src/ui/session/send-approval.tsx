import { useState } from 'preact/hooks';
import * as v from 'valibot';
import type { JsonValue } from '../../store/json';
import type { Translate } from '../shared/translate';

const pendingSchema = v.object({
  id: v.string(),
  kind: v.picklist(['search', 'visit']),
  items: v.array(v.string()),
  at: v.number(),
});

export type PendingSend = v.InferOutput<typeof pendingSchema>;
export type SendChoice = 'send' | 'decline' | 'allow-rest';

/** The request a private run saved on its session, if it is a well-formed one. */
export function pendingSendOf(raw: JsonValue | undefined): PendingSend | null {
  const parsed = v.safeParse(pendingSchema, raw);
  return parsed.success && parsed.output.items.length > 0 ? parsed.output : null;
}

/**
 * A private run waits here before anything the model chose leaves: exactly what would be sent,
 * whole and as plain text, and three answers. Stop (above) still ends the run at once.
 */
export function SendApproval({
  pending,
  onAnswer,
  t,
}: {
  pending: PendingSend;
  onAnswer(id: string, choice: SendChoice): Promise<void>;
  t: Translate;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const answer = (choice: SendChoice) => {
    setBusy(pending.id);
    void onAnswer(pending.id, choice).finally(() => setBusy(null));
  };
  const disabled = busy === pending.id;
  const search = pending.kind === 'search';
  return (
    <section class="send-approval" data-testid="send-approval" data-kind={pending.kind} aria-live="polite">
      <p class="send-approval-title">
        <strong>{t(search ? 'approveSearchTitle' : 'approveVisitTitle')}</strong>
      </p>
      <p class="small muted">{t('approveWhy')}</p>
      <ul class="send-approval-items">
        {pending.items.map((item) => (
          <li key={item} data-testid="send-approval-item">
            <code>{item}</code>
          </li>
        ))}
      </ul>
      <div class="send-approval-actions">
        <button
          type="button"
          class="primary"
          data-testid="approve-send"
          disabled={disabled}
          onClick={() => answer('send')}
        >
          {t('approveSend')}
        </button>
        <button
          type="button"
          class="quiet"
          data-testid="approve-decline"
          disabled={disabled}
          onClick={() => answer('decline')}
        >
          {t('approveDecline')}
        </button>
        <button
          type="button"
          data-testid="approve-rest"
          disabled={disabled}
          onClick={() => answer('allow-rest')}
        >
          {t('approveRest')}
        </button>
      </div>
    </section>
  );
}
