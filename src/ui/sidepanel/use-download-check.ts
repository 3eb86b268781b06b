import { useState } from 'preact/hooks';
import type { EnginePlan } from '../../llm/host/engine-status';
import type { UiServices } from '../shared/services';
import type { SystemStatus } from '../status/use-system-status';

/** The model still to download before the first run, found when a run is about to start. */
export function useDownloadCheck(services: UiServices, status: SystemStatus) {
  const { client } = services;
  // The model still to download before the first run: shown, with its size, instead of starting.
  const [downloadPlan, setDownloadPlan] = useState<EnginePlan | null>(null);

  /** Whether the model must be downloaded first; then the first-run explanation is shown instead. */
  const needsDownload = async (): Promise<boolean> => {
    const state = status.engine?.state;
    if (state === 'ready' || state === 'loading') return false;
    const plan = await client.send('engine.plan', {}).catch(() => null);
    if (!plan?.downloadBytes) return false;
    setDownloadPlan(plan);
    return true;
  };

  return { downloadPlan, setDownloadPlan, needsDownload };
}
