import { vi } from 'vitest';
import { ApiError } from '@/api/errors';
import type { Project, ProjectUpdate } from '../types';
import type { EditorSlide } from './model';

/** An in-memory server with versioned PUTs, like the real one (409 on a stale version). */
export function fakeServer(initial: Project) {
  let current = initial;
  const puts: ProjectUpdate[] = [];
  let failNext: unknown[] = [];
  const server = {
    get current() {
      return current;
    },
    puts,
    failWith(...errors: unknown[]) {
      failNext = errors;
    },
    /** Another tab saves. */
    change(slides: EditorSlide[]) {
      current = { ...current, slides, version: current.version + 1 };
    },
    save: vi.fn(async (body: ProjectUpdate) => {
      puts.push(body);
      const failure = failNext.shift();
      if (failure) throw failure;
      if (body.version !== current.version) throw new ApiError(409, 'version_conflict', 'stale');
      current = { ...current, ...(body.title ? { title: body.title } : {}), slides: (body.slides as EditorSlide[]) ?? current.slides, version: current.version + 1 };
      current = { ...current, numSlides: current.slides.length };
      return current;
    }),
    load: vi.fn(async () => current),
  };
  return server;
}

export function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, value),
  };
}
