// Writes public/_locales/{en,zh_CN}/messages.json from one table, so the two languages never drift apart.
// Usage: node scripts/locales.mjs   (the generated files are committed)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const table = JSON.parse(readFileSync(new URL('./locales.json', import.meta.url), 'utf8'));
for (const lang of ['en', 'zh_CN']) {
  const out = {};
  for (const [key, row] of Object.entries(table)) {
    const message = row[lang] ?? row.en;
    out[key] = { message };
    const ph = [...message.matchAll(/\$(\d)/g)].map((m) => m[1]);
    if (ph.length) {
      // chrome.i18n needs named placeholders; $1 in the table maps to the first substitution.
      out[key].message = message.replace(/\$(\d)/g, (_, n) => `$P${n}$`);
      out[key].placeholders = Object.fromEntries(
        [...new Set(ph)].map((n) => [`p${n}`, { content: `$${n}` }]),
      );
    }
  }
  mkdirSync(`public/_locales/${lang}`, { recursive: true });
  writeFileSync(`public/_locales/${lang}/messages.json`, `${JSON.stringify(out, null, 2)}\n`);
}
