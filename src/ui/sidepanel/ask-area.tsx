import type { Draft } from '../ask/draft';
import { PickerServerOffer } from '../ask/local-server-offer';
import { ModelPicker } from '../ask/model-picker';
import { QuestionBox } from '../ask/question-box';
import { SearchStatus } from '../ask/search-status';
import type { ModelSource } from '../ask/use-model-source';
import { FirstRunGuide } from '../guide/first-run-guide';
import type { UiServices } from '../shared/services';

/** Where a question is written: the first-run guide above it, then the model and search in use. */
export function AskArea(props: {
  services: UiServices;
  model: ModelSource;
  guideOpen: boolean;
  onGuideDone: () => void;
  draft: Draft;
  busy: boolean;
  onChange: (draft: Draft) => void;
  onStart: () => void;
  onResearchPage: () => void;
  onRecheck: () => void;
  /** Set while a session waits behind the question: the way back to it. */
  onBack: (() => void) | null;
}) {
  const { services } = props;
  const { t } = services;
  return (
    <div class="ask-area">
      {props.guideOpen ? (
        <FirstRunGuide
          services={services}
          model={props.model}
          onDone={props.onGuideDone}
          onSettingsChanged={props.onRecheck}
        />
      ) : null}
      <QuestionBox
        draft={props.draft}
        busy={props.busy}
        onChange={props.onChange}
        onStart={props.onStart}
        onResearchPage={props.onResearchPage}
        t={t}
      />
      <div class="ask-context">
        <ModelPicker services={services} model={props.model} onChanged={props.onRecheck} />
        <SearchStatus services={services} />
      </div>
      {/* Under the guide, the guide says it. */}
      {props.guideOpen ? null : (
        <PickerServerOffer services={services} model={props.model} onChanged={props.onRecheck} />
      )}
      {props.onBack !== null ? (
        <button type="button" class="link small" onClick={props.onBack}>
          {t('backToSession')}
        </button>
      ) : null}
    </div>
  );
}
