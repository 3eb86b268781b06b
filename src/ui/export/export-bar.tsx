import { memo } from 'preact/compat';
import { useEffect, useRef, useState } from 'preact/hooks';
import { type SessionView, sameButLive } from '../session/session-state';
import type { Translate } from '../shared/translate';
import { downloadText } from './download';
import { viewToMarkdown, viewToTrajectoryJson } from './export-source';
import { exportFileName } from './file-name';

interface ExportBarProps {
  view: SessionView;
  t: Translate;
  /** The user's "include the research trail by default" setting, read when the bar appears. */
  trailDefault?: (() => Promise<boolean>) | undefined;
}

function ExportBarImpl({ view, t, trailDefault }: ExportBarProps) {
  const [trail, setTrail] = useState(false);
  const touched = useRef(false);
  useEffect(() => {
    trailDefault?.().then(
      (on) => {
        // A choice the user already made in this bar wins over the default arriving late.
        if (!touched.current) setTrail(on);
      },
      () => undefined,
    );
  }, [trailDefault]);
  const [message, setMessage] = useState('');
  const createdAt = view.session?.createdAt ?? Date.now();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(viewToMarkdown(view, trail, t));
      setMessage(t('exportCopied'));
    } catch (e) {
      setMessage(t('exportCopyFailed', e instanceof Error ? e.message : String(e)));
    }
  };
  const download = () => {
    downloadText(
      viewToMarkdown(view, trail, t),
      exportFileName(view.question, createdAt, 'md'),
      'text/markdown',
    );
    setMessage(t('exportSaved'));
  };
  const json = () => {
    downloadText(
      viewToTrajectoryJson(view),
      exportFileName(view.question, createdAt, 'json'),
      'application/json',
    );
    setMessage(t('exportSaved'));
  };
  return (
    <fieldset class="export-bar">
      <legend class="visually-hidden">{t('exportLabel')}</legend>
      <label class="check">
        <input
          type="checkbox"
          data-testid="export-trail"
          checked={trail}
          onChange={(e) => {
            touched.current = true;
            setTrail(e.currentTarget.checked);
          }}
        />
        {t('exportTrail')}
      </label>
      <button type="button" data-testid="copy-md" onClick={() => void copy()}>
        {t('exportCopy')}
      </button>
      <button type="button" data-testid="download-md" onClick={download}>
        {t('exportDownload')}
      </button>
      <button type="button" data-testid="export-json" onClick={json}>
        {t('exportJson')}
      </button>
      <span role="status" class="small muted">
        {message}
      </span>
    </fieldset>
  );
}

/**
 * The bar reads the view only when clicked, and never its streaming `live` turn: skipping renders
 * that change only `live` keeps it out of the per-frame work while tokens stream.
 */
export const ExportBar = memo(
  ExportBarImpl,
  (a, b) => a.t === b.t && a.trailDefault === b.trailDefault && sameButLive(a.view, b.view),
);
