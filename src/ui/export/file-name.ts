/** A file name from the question: short, readable, safe on every OS. */
export function exportFileName(question: string, createdAt: number, ext: 'md' | 'json'): string {
  const slug =
    question
      .normalize('NFKC')
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '')
      .toLowerCase() || 'research';
  const date = new Date(createdAt).toISOString().slice(0, 10);
  return `sleuth-${date}-${slug}.${ext}`;
}
