/**
 * npm run -s cite -- ANSWER.md PAGE.json…
 * Runs the panel's citation code on an answer and the pages a run read (`{"url", "title", "text"}`
 * each) and prints one JSON line: [{"sentence", "heading", "sources": [url…], "supported"}].
 */
import { readFileSync } from 'node:fs';
import { citeReport, parsePageFile } from './lib/cite-report';

const [answerFile, ...pageFiles] = process.argv.slice(2);
if (!answerFile || pageFiles.length === 0) {
  console.error('usage: npm run -s cite -- ANSWER.md PAGE.json…');
  process.exit(2);
}
try {
  const pages = pageFiles.map((f) => parsePageFile(f, readFileSync(f, 'utf8')));
  console.log(JSON.stringify(citeReport(readFileSync(answerFile, 'utf8'), pages)));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
