/** A Test button and the line beside it that says how the test went (connection, search provider). */
export function TestRow({
  label,
  testing,
  testingText,
  result,
  onTest,
  buttonId,
  resultId,
}: {
  label: string;
  testing: boolean;
  testingText: string;
  result: { ok: boolean; text: string } | null;
  onTest: () => void;
  buttonId: string;
  resultId: string;
}) {
  return (
    <div class="row">
      <button type="button" data-testid={buttonId} onClick={onTest} disabled={testing}>
        {label}
      </button>
      <span
        role="status"
        data-testid={resultId}
        data-ok={result ? String(result.ok) : undefined}
        class={result && !result.ok ? 'small error-text' : 'small'}
      >
        {testing ? testingText : (result?.text ?? '')}
      </span>
    </div>
  );
}
