import type { SectionProps } from './option-types';

type Custom = SectionProps['settings']['customModels'][number];

/** Advanced: the user's own MLC builds (for example DR-Venus-4B compiled for web-llm). */
export function CustomModels({ settings, set, t }: SectionProps) {
  const list = settings.customModels;
  const update = (i: number, patch: Partial<Custom>) =>
    set(
      'customModels',
      list.map((m, j) => (j === i ? { ...m, ...patch } : m)),
    );
  return (
    <details class="advanced" data-testid="custom-models">
      <summary>{t('customModelsTitle')}</summary>
      <p class="small muted">{t('customModelsHelp')}</p>
      {list.map((m, i) => (
        <fieldset class="custom-model" key={i}>
          <legend class="visually-hidden">{m.id || t('customModelNew')}</legend>
          <label>
            {t('customModelId')}
            <input value={m.id} onInput={(e) => update(i, { id: e.currentTarget.value })} />
          </label>
          <label>
            {t('customModelUrl')}
            <input
              type="url"
              value={m.modelUrl}
              onInput={(e) => update(i, { modelUrl: e.currentTarget.value })}
            />
          </label>
          <label>
            {t('customModelLibUrl')}
            <input
              type="url"
              value={m.modelLibUrl}
              onInput={(e) => update(i, { modelLibUrl: e.currentTarget.value })}
            />
          </label>
          <button
            type="button"
            class="danger"
            onClick={() =>
              set(
                'customModels',
                list.filter((_, j) => j !== i),
              )
            }
          >
            {t('customModelRemove')}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        data-testid="add-custom-model"
        onClick={() => set('customModels', [...list, { id: '', modelUrl: '', modelLibUrl: '' }])}
      >
        {t('customModelAdd')}
      </button>
    </details>
  );
}
