import type { UiServices } from '../shared/services';
import { AskArea } from './ask-area';
import { CurrentView } from './current-view';
import { engineProblemOf } from './engine-problem';
import { HistoryTab } from './history-tab';
import { NewQuestionButton } from './new-question-button';
import { PanelTop } from './panel-top';
import { RunPrompts } from './run-prompts';
import { useSidePanel } from './use-side-panel';

export function SidePanelApp({ services }: { services: UiServices }) {
  const { t } = services;
  const { recheck, status, model, firstRun, view, draft, setDraft, activeIds, run, page } =
    useSidePanel(services);
  const { tab, current, composing, compose, openSession } = view;
  const { setError, downloadPlan } = run;

  const showAsk = tab === 'research' && (current === null || composing);
  // Not while the run on screen goes: a new question would take its place while it runs on unseen.
  // Stop (or its end) brings it back.
  const newQuestion =
    current?.kind === 'session' && activeIds.includes(current.id) ? null : (
      <NewQuestionButton onClick={compose} t={t} />
    );
  const guideOpen = showAsk && firstRun.show && current === null;
  return (
    <main class="panel">
      <PanelTop
        services={services}
        status={status}
        model={model}
        running={activeIds.length > 0}
        tab={tab}
        onTab={view.setTab}
        noticeHidden={downloadPlan !== null}
        guideOpen={guideOpen}
        error={run.error}
        setError={setError}
        onRecheck={recheck}
      />
      {showAsk ? (
        <AskArea
          services={services}
          model={model}
          guideOpen={guideOpen}
          onGuideDone={firstRun.dismiss}
          draft={draft}
          busy={run.busy}
          onChange={setDraft}
          onStart={() => void run.start()}
          onResearchPage={() => void page.researchPage()}
          onRecheck={recheck}
          onBack={current !== null ? () => view.setComposing(false) : null}
        />
      ) : null}
      <RunPrompts services={services} run={run} />
      {page.note ? (
        <p class="note" role="status">
          {page.note}
        </p>
      ) : null}
      {tab === 'research' && !composing && current !== null ? (
        <CurrentView
          services={services}
          current={current}
          headAction={newQuestion}
          engineProblem={downloadPlan ? undefined : engineProblemOf(status)}
          openSession={openSession}
          onClose={() => view.setCurrent(null)}
          onError={setError}
          begin={run.begin}
        />
      ) : null}
      {tab === 'history' ? (
        <HistoryTab
          services={services}
          activeIds={activeIds}
          openSession={openSession}
          openImport={view.openImport}
          onError={setError}
        />
      ) : null}
    </main>
  );
}
