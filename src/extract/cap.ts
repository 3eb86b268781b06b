/** Cuts long markdown on a paragraph boundary and says so, so the model knows text is missing. */

export function capMarkdown(markdown: string, maxChars: number): string {
  if (markdown.length <= maxChars) return markdown;
  const note = `\n\n[Content truncated: showing about ${maxChars} of ${markdown.length} characters.]`;
  const room = Math.max(0, maxChars - note.length);
  const head = markdown.slice(0, room);
  const paragraph = head.lastIndexOf('\n\n');
  const line = head.lastIndexOf('\n');
  // Prefer a paragraph break, then a line break, when they keep most of the allowed room.
  const cut = paragraph > room * 0.5 ? paragraph : line > room * 0.5 ? line : room;
  return `${head.slice(0, cut).trimEnd()}${note}`;
}
