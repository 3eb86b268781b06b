import { useEffect, useState } from 'preact/hooks';

const lines = (s: string) =>
  s
    .split('\n')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * A list edited as one entry per line. The raw text is kept locally so typing Enter (an empty line
 * for a moment) is not swallowed by re-rendering from the parsed list.
 */
export function ListField({
  label,
  name,
  value,
  onChange,
  help,
}: {
  label: string;
  name: string;
  value: string[];
  onChange: (next: string[]) => void;
  help?: string;
}) {
  const [text, setText] = useState(value.join('\n'));
  const joined = value.join('\n');
  useEffect(() => {
    setText((old) => (lines(old).join('\n') === joined ? old : joined));
  }, [joined]);
  return (
    <label>
      {label}
      {help ? <span class="small muted">{help}</span> : null}
      <textarea
        name={name}
        rows={3}
        value={text}
        onInput={(e) => {
          setText(e.currentTarget.value);
          onChange(lines(e.currentTarget.value));
        }}
      />
    </label>
  );
}
