import type { FileStore } from '../llm/download/file-store';

/**
 * Model files in the Origin Private File System, under `models/{folder}/`. Files are written
 * whole through `createWritable()`, which Chrome commits only on `close()`: a crash mid-write
 * leaves the previous file (or none), never a torn one.
 */
export function opfsStore(rootName = 'models'): FileStore {
  const root = async (): Promise<FileSystemDirectoryHandle> => {
    const top = await navigator.storage.getDirectory();
    return top.getDirectoryHandle(rootName, { create: true });
  };
  const folder = async (name: string, create: boolean): Promise<FileSystemDirectoryHandle | null> => {
    try {
      return await (await root()).getDirectoryHandle(name, { create });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'NotFoundError') return null;
      throw e;
    }
  };
  // FileSystemDirectoryHandle is async-iterable in Chrome; TypeScript's DOM lib does not say so.
  const entries = (dir: FileSystemDirectoryHandle) =>
    (dir as unknown as { values(): AsyncIterable<FileSystemHandle> }).values();

  return {
    async folders() {
      const out: string[] = [];
      for await (const h of entries(await root())) if (h.kind === 'directory') out.push(h.name);
      return out;
    },
    async list(name) {
      const dir = await folder(name, false);
      if (!dir) return [];
      const out: { name: string; size: number }[] = [];
      for await (const h of entries(dir)) {
        if (h.kind === 'file')
          out.push({ name: h.name, size: (await (h as FileSystemFileHandle).getFile()).size });
      }
      return out;
    },
    async write(name, file, data) {
      const dir = await folder(name, true);
      if (!dir) throw new Error(`cannot create folder ${name}`);
      const handle = await dir.getFileHandle(file, { create: true });
      const w = await handle.createWritable();
      try {
        await w.write(data as Uint8Array<ArrayBuffer>);
        await w.close();
      } catch (e) {
        await w.abort().catch(() => undefined);
        throw e;
      }
    },
    async read(name, file) {
      const dir = await folder(name, false);
      if (!dir) return null;
      try {
        return await (await dir.getFileHandle(file)).getFile();
      } catch (e) {
        if (e instanceof DOMException && e.name === 'NotFoundError') return null;
        throw e;
      }
    },
    async remove(name, file) {
      const dir = await folder(name, false);
      if (!dir) return;
      if (file === undefined) await (await root()).removeEntry(name, { recursive: true });
      else await dir.removeEntry(file).catch(() => undefined);
    },
    async estimate() {
      if (!navigator.storage?.estimate) return null;
      const est = await navigator.storage.estimate();
      return { quota: est.quota ?? 0, usage: est.usage ?? 0 };
    },
  };
}
