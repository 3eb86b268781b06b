/**
 * The answer's own headings, moved under the export's "## Answer": its "## Short answer" stood at
 * the same level as "## Answer" (and a "# …" above it), so an outline of the file read as if the
 * answer had ended. Shifts every ATX heading outside code fences so the highest becomes `level`,
 * never deeper than ######; an answer without headings is returned as it is.
 */
export function nestHeadings(markdown: string, level = 3): string {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  const headings: number[] = [];
  const isHeading: boolean[] = lines.map((line) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (open) {
      if (fence === null) fence = open.charAt(0);
      else if (open.charAt(0) === fence) fence = null;
      return false;
    }
    const m = fence === null ? /^(#{1,6})(?=\s|$)/.exec(line) : null;
    if (m?.[1]) headings.push(m[1].length);
    return !!m;
  });
  if (headings.length === 0) return markdown;
  const shift = Math.max(0, level - Math.min(...headings));
  if (shift === 0) return markdown;
  return lines
    .map((line, i) => {
      if (!isHeading[i]) return line;
      const hashes = /^#+/.exec(line)?.[0].length ?? 0;
      return `${'#'.repeat(Math.min(6, hashes + shift))}${line.slice(hashes)}`;
    })
    .join('\n');
}
