// The data file. Writes are atomic (temp file in the same directory, then rename), so a crash or
// a kill mid-write leaves either the old or the new file, never half of one.
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { StoreState } from './types';

/** The saved state, or undefined when there is no file yet. A damaged file is an error, not a reset. */
export function loadState(file: string): StoreState | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const state = JSON.parse(text) as Partial<StoreState>;
  if (state.version !== 1 || typeof state.nextId !== 'number' || !Array.isArray(state.reports)) {
    throw new Error(`${file} is not a reference-api data file (delete it to start over)`);
  }
  return state as StoreState;
}

export function saveState(file: string, state: StoreState): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  // Same directory: rename is only atomic within one file system.
  const temp = join(dir, `.${basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, JSON.stringify(state, null, 2) + '\n');
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
