import type { Translate } from '../shared/translate';

/** True when `n` is a number the field accepts: within [min, max], whole unless `whole` is false. */
export function inRange(n: number, min: number, max: number, whole = true): boolean {
  return Number.isFinite(n) && n >= min && n <= max && (!whole || Number.isInteger(n));
}

/**
 * A number with a one-line help text under its label, and the accepted range said in words as soon
 * as the value leaves it (Save would refuse it anyway; this says why before the click).
 */
export function NumberField({
  label,
  help,
  name,
  value,
  min,
  max,
  step = 1,
  onValue,
  t,
}: {
  label: string;
  help: string;
  name: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onValue: (n: number) => void;
  t: Translate;
}) {
  const invalid = !inRange(value, min, max, Number.isInteger(step));
  const helpId = `${name}-help`;
  const errorId = `${name}-error`;
  return (
    <>
      <label>
        {label}
        <span class="small muted" id={helpId}>
          {help}
        </span>
        <input
          name={name}
          data-testid={name}
          type="number"
          min={min}
          max={max}
          step={step}
          value={Number.isFinite(value) ? value : ''}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${helpId} ${errorId}` : helpId}
          onInput={(e) =>
            onValue(e.currentTarget.value.trim() === '' ? Number.NaN : Number(e.currentTarget.value))
          }
        />
      </label>
      {invalid ? (
        <p class="small note" id={errorId} data-testid={`${name}-error`}>
          {t('optionsNumberRange', [String(min), String(max)])}
        </p>
      ) : null}
    </>
  );
}
