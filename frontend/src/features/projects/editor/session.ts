import { isApiError } from '@/api/errors';
import type { Project, ProjectUpdate } from '../types';
import type { EditorAction } from './actions/types';
import { rebaseSlides } from './merge';
import { deepEqual, emptySlide, fromServerSlide, toSlideIn, type EditorSlide } from './model';

/**
 * The editor shell (CONVENTIONS 11): the one owner of the project's slides on the project page.
 * Components run registered actions through it; it records undo steps, autosaves (debounced),
 * resolves version conflicts by rebasing local edits onto the server's latest deck, retries
 * failed saves and keeps a local draft, so nothing typed is lost on a conflict, a server error or
 * a reload. Plain TypeScript (no React) so the whole protocol is tested with fake timers.
 */

export const AUTOSAVE_DEBOUNCE_MS = 800;
/** Someone typing without a pause is still saved this often. */
export const AUTOSAVE_MAX_WAIT_MS = 5000;
/** Typing in one field within this window is one undo step. */
export const COALESCE_MS = 1500;
export const HISTORY_LIMIT = 100;
/** Waits before retrying a save that failed for a transient reason (network, 5xx, 429). */
export const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];
const MAX_CONFLICT_RETRIES = 3;
const DRAFT_PREFIX = 'slidewright:draft:';

export interface SessionState {
  /** The last project the server returned (its `version` is what the next save is based on). */
  project: Project;
  /** The server's slides at that version: the merge base of local edits. */
  base: EditorSlide[];
  /** The slides as the user sees them. */
  doc: EditorSlide[];
  past: EditorSlide[][];
  future: EditorSlide[][];
  dirty: boolean;
  saving: boolean;
  /** The last save failure; cleared by the next successful save. */
  error: unknown;
  /** Set when the session started from a draft left by an earlier visit. */
  recoveredDraft: boolean;
}

export interface SessionDeps {
  save: (body: ProjectUpdate) => Promise<Project>;
  load: () => Promise<Project>;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
  storage?: Storage | null;
  now?: () => number;
}

export interface SessionCallbacks {
  /** A save hit `version_conflict`: the latest project was loaded and local edits reapplied. */
  onConflict?: () => void;
  onSaved?: (project: Project) => void;
}

interface Draft {
  version: number;
  base: EditorSlide[];
  doc: EditorSlide[];
}

export function isVersionConflict(error: unknown): boolean {
  return isApiError(error) && error.errorCode === 'version_conflict';
}

/** Network failures, server errors and rate limits may pass; validation errors will not. */
export function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status >= 500 || error.status === 429 || error.status === 408;
}

function slidesOf(project: Project) {
  return project.slides.map(fromServerSlide);
}

/** Reuses `previous` slide objects that are structurally equal, so memoised cards skip re-rendering. */
function keepIdentity(next: EditorSlide[], previous: readonly EditorSlide[]): EditorSlide[] {
  const byId = new Map(previous.map((slide) => [slide.id, slide]));
  const result = next.map((slide) => {
    const old = byId.get(slide.id);
    return old && deepEqual(old, slide) ? old : slide;
  });
  return result.length === previous.length && result.every((slide, index) => slide === previous[index]) ? (previous as EditorSlide[]) : result;
}

/** Grows with empty slides or truncates from the end (spec §2 Settings: edit slide count). */
export function resizeSlides(slides: readonly EditorSlide[], count: number): EditorSlide[] {
  return [...slides.slice(0, count), ...Array.from({ length: Math.max(0, count - slides.length) }, () => emptySlide())];
}

export class EditorSession {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private readonly deps: Required<Omit<SessionDeps, 'storage'>> & { storage: Storage | null };
  private callbacks: SessionCallbacks = {};
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private failures = 0;
  private lastCoalesce: { key: string; at: number } | null = null;
  /** When the oldest edit not yet sent was made (for the autosave's maximum wait). */
  private pendingSince: number | null = null;
  private attached = false;

  constructor(project: Project, deps: SessionDeps) {
    this.deps = {
      debounceMs: AUTOSAVE_DEBOUNCE_MS,
      retryDelaysMs: RETRY_DELAYS_MS,
      now: () => Date.now(),
      ...deps,
      storage: deps.storage === undefined ? safeLocalStorage() : deps.storage,
    };
    const base = slidesOf(project);
    const draft = this.readDraft(project._id);
    const doc = draft && !deepEqual(draft.doc, draft.base) ? keepIdentity(rebaseSlides(draft.base, draft.doc, base), base) : base;
    const dirty = !deepEqual(doc, base);
    this.state = { project, base, doc, past: [], future: [], dirty, saving: false, error: null, recoveredDraft: dirty };
    // A recovered draft is saved once the page is attached (not by a session React discards).
    if (!dirty) this.clearDraft();
  }

  // --- store protocol (useSyncExternalStore) ---

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setCallbacks(callbacks: SessionCallbacks) {
    this.callbacks = callbacks;
  }

  private setState(patch: Partial<SessionState>) {
    const next = { ...this.state, ...patch };
    if ('doc' in patch || 'base' in patch) next.dirty = !deepEqual(next.doc, next.base);
    this.state = next;
    if ('doc' in patch || 'base' in patch) this.writeDraft();
    this.listeners.forEach((listener) => listener());
  }

  // --- editing ---

  /** Runs a registered action on the slides; returns whether anything changed. */
  run<Args>(action: EditorAction<Args>, args: Args): boolean {
    const { doc, past } = this.state;
    const next = action.perform({ slides: doc }, args).slides;
    if (next === doc) return false;
    const key = action.coalesceKey?.(args);
    const now = this.deps.now();
    const coalesce = key !== undefined && this.lastCoalesce?.key === key && now - this.lastCoalesce.at < COALESCE_MS && past.length > 0;
    this.lastCoalesce = key === undefined ? null : { key, at: now };
    this.setState({ doc: next, past: coalesce ? past : [...past, doc].slice(-HISTORY_LIMIT), future: [] });
    this.scheduleAutosave();
    return true;
  }

  undo(): boolean {
    const { past, future, doc } = this.state;
    const previous = past.at(-1);
    if (!previous) return false;
    this.lastCoalesce = null;
    this.setState({ doc: previous, past: past.slice(0, -1), future: [doc, ...future] });
    this.scheduleAutosave();
    return true;
  }

  redo(): boolean {
    const { past, future, doc } = this.state;
    const next = future[0];
    if (!next) return false;
    this.lastCoalesce = null;
    this.setState({ doc: next, past: [...past, doc], future: future.slice(1) });
    this.scheduleAutosave();
    return true;
  }

  // --- saving ---

  /** The debounced autosave after an edit: `debounceMs` after the last one, `AUTOSAVE_MAX_WAIT_MS` at most. */
  private scheduleAutosave() {
    const now = this.deps.now();
    this.pendingSince ??= now;
    this.scheduleSave(Math.min(this.deps.debounceMs, Math.max(0, this.pendingSince + AUTOSAVE_MAX_WAIT_MS - now)));
  }

  private scheduleSave(delay = this.deps.debounceMs) {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      void this.flush();
    }, delay);
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Saves now (skipping the debounce) until the server has everything; false when a save failed. */
  flush(): Promise<boolean> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    return this.enqueue(() => this.saveLoop());
  }

  /** The Retry button: also resets the backoff. */
  retry(): Promise<boolean> {
    this.failures = 0;
    return this.flush();
  }

  private async saveLoop(): Promise<boolean> {
    let conflicts = 0;
    while (this.state.dirty) {
      this.pendingSince = null;
      const sent = this.state.doc;
      this.setState({ saving: true });
      try {
        const saved = await this.deps.save({ version: this.state.project.version, slides: sent.map(toSlideIn) });
        this.applySaved(sent, saved);
      } catch (error) {
        if (isVersionConflict(error) && conflicts < MAX_CONFLICT_RETRIES) {
          conflicts += 1;
          try {
            this.applyRemote(await this.deps.load());
            this.callbacks.onConflict?.();
            continue;
          } catch (loadError) {
            this.fail(loadError);
            return false;
          }
        }
        this.fail(error);
        return false;
      }
    }
    this.failures = 0;
    if (this.state.saving || this.state.error) this.setState({ saving: false, error: null });
    return true;
  }

  private applySaved(sent: EditorSlide[], saved: Project) {
    const { doc } = this.state;
    const base = keepIdentity(slidesOf(saved), sent);
    // Edits typed while the request was in flight are rebased onto what the server stored.
    const nextDoc = doc === sent ? base : keepIdentity(rebaseSlides(sent, doc, base), doc);
    this.setState({ project: saved, base, doc: nextDoc, error: null, recoveredDraft: false });
    this.callbacks.onSaved?.(saved);
  }

  /** Moves onto a newer server version, reapplying local edits (and undo history) on top. */
  private applyRemote(remote: Project) {
    const { base, doc, past, future } = this.state;
    const theirs = keepIdentity(slidesOf(remote), doc);
    const rebase = (slides: EditorSlide[]) => keepIdentity(rebaseSlides(base, slides, theirs), slides);
    this.setState({ project: remote, base: theirs, doc: rebase(doc), past: past.map(rebase), future: future.map(rebase) });
    this.callbacks.onSaved?.(remote);
  }

  private fail(error: unknown) {
    this.failures += 1;
    this.setState({ saving: false, error });
    if (this.attached && isTransient(error)) {
      const delays = this.deps.retryDelaysMs;
      this.scheduleSave(delays[Math.min(this.failures - 1, delays.length - 1)]);
    }
  }

  /**
   * A newer version loaded in the background (window focus): adopt it when nothing is being
   * saved, so a second tab shows the first tab's work without waiting for a conflict.
   */
  adoptRemote(remote: Project) {
    if (remote.version <= this.state.project.version || this.state.saving) return;
    this.applyRemote(remote);
  }

  /**
   * A change of the project's own fields (Settings). Pending slide edits travel in the same
   * request; a slide count is applied here (grow with empty slides, truncate) so it combines
   * with them. On a conflict the change is simply sent again on top of the latest version.
   */
  update(patch: Omit<ProjectUpdate, 'version' | 'slides'>): Promise<Project> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    return this.enqueue(async () => {
      for (let conflicts = 0; ; conflicts += 1) {
        const { numSlides, ...fields } = patch;
        const sent = numSlides != null ? resizeSlides(this.state.doc, numSlides) : this.state.doc;
        const sendSlides = numSlides != null || this.state.dirty;
        this.setState({ saving: true });
        try {
          const saved = await this.deps.save({
            ...fields,
            version: this.state.project.version,
            ...(sendSlides ? { slides: sent.map(toSlideIn) } : {}),
          });
          const base = keepIdentity(slidesOf(saved), this.state.doc);
          const reshaped = numSlides != null || ('pptxFileId' in patch && patch.pptxFileId !== this.state.project.pptxFileId);
          this.setState({
            project: saved,
            base,
            doc: base,
            saving: false,
            error: null,
            // Old snapshots may name template slides the new template lacks.
            ...(reshaped ? { past: [], future: [] } : {}),
          });
          this.failures = 0;
          this.callbacks.onSaved?.(saved);
          return saved;
        } catch (error) {
          let failure = error;
          if (isVersionConflict(error) && conflicts < MAX_CONFLICT_RETRIES) {
            try {
              this.applyRemote(await this.deps.load());
              continue;
            } catch (loadError) {
              failure = loadError;
            }
          }
          this.setState({ saving: false });
          if (this.state.dirty) this.scheduleSave();
          throw failure;
        }
      }
    });
  }

  /**
   * A change the server makes to the slides (reviewed outline edits): sent once everything
   * pending is saved, against that version, then adopted as one undo step. Edits typed while it
   * was in flight are rebased onto the result.
   */
  applyServerChange(change: (version: number) => Promise<Project>): Promise<Project> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    return this.enqueue(async () => {
      if (!(await this.saveLoop())) throw this.state.error;
      const before = this.state.doc;
      const saved = await change(this.state.project.version);
      const { doc, past } = this.state;
      const base = keepIdentity(slidesOf(saved), before);
      const nextDoc = doc === before ? base : keepIdentity(rebaseSlides(before, doc, base), doc);
      this.lastCoalesce = null;
      this.setState({ project: saved, base, doc: nextDoc, past: [...past, before].slice(-HISTORY_LIMIT), future: [] });
      this.callbacks.onSaved?.(saved);
      if (this.state.dirty) this.scheduleSave();
      return saved;
    });
  }

  // --- lifecycle ---

  /** The page mounted (again): failures may schedule retries. */
  attach() {
    this.attached = true;
    if (this.state.dirty && !this.saveTimer) this.scheduleSave();
  }

  /** The page is leaving: save what is pending now instead of after the debounce. */
  detach() {
    this.attached = false;
    if (this.state.dirty) void this.flush();
  }

  /** The project is gone (deleted for good): stop saving and forget the draft. */
  discard() {
    this.attached = false;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.setState({ base: this.state.doc, error: null, saving: false });
    this.clearDraft();
  }

  get hasUnsavedChanges(): boolean {
    return this.state.dirty || this.state.saving;
  }

  // --- local draft: survives a reload or a closed tab while the server is unreachable ---

  private draftKey(projectId = this.state.project._id) {
    return `${DRAFT_PREFIX}${projectId}`;
  }

  private readDraft(projectId: string): Draft | null {
    try {
      const raw = this.deps.storage?.getItem(this.draftKey(projectId));
      if (!raw) return null;
      const draft = JSON.parse(raw) as Draft;
      return Array.isArray(draft.base) && Array.isArray(draft.doc) ? draft : null;
    } catch {
      return null;
    }
  }

  private writeDraft() {
    const { dirty, base, doc, project } = this.state;
    if (!dirty) {
      this.clearDraft();
      return;
    }
    try {
      this.deps.storage?.setItem(this.draftKey(), JSON.stringify({ version: project.version, base, doc } satisfies Draft));
    } catch {
      // Storage full or blocked: the in-memory copy and the unload warning still protect the edits.
    }
  }

  private clearDraft() {
    try {
      this.deps.storage?.removeItem(this.draftKey());
    } catch {
      // Blocked storage: nothing to clear.
    }
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
