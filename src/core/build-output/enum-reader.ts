// Enum members, read off the calling thread. Inside VS Code that thread is the extension host, shared by every
// extension in the window, and the Solidity parser can take minutes on hostile text: the sources go to a worker
// thread with a heap budget and a time budget for the whole answer. What the worker finishes in time is kept; what
// it does not is left out with a one-line note, and the names that needed it show as numbers.
import { Worker } from 'node:worker_threads';
import { workerScript } from '../worker-script';
import type { CompiledSource, CompiledSources } from './compiled';
import { MAX_PAREN_NESTING } from '../solidity-nesting';
import { NO_ENUMS, type EnumMembers } from './enums';

/** What the parser needs of a source, and no more: a source may carry objects that cannot cross to a worker. */
export type SourceText = Pick<CompiledSource, 'sourceName' | 'content'>;

export interface EnumsToWorker {
  compilations: SourceText[][];
}

export type EnumsFromWorker =
  | { type: 'ready' }
  | { type: 'compilation'; index: number; members: Array<[string, readonly string[]]>; tooDeep: string[] }
  | { type: 'done' };

/** Parse time for one answer (every compilation read together), counted from when the parser is loaded. */
export const ENUM_PARSE_BUDGET_MS = 10_000;
/** The worker's heap: the largest source the parser is given (2 MB) builds a tree well within this. */
const WORKER_HEAP_MB = 256;

export interface EnumReadOptions {
  budgetMs?: number;
}

/** Loading the parser in a fresh worker is not hostile work, but it must not hang the answer either. */
const STARTUP_MS = 30_000;
/** Files named in a note at most. */
const NAMED_FILES = 3;

interface Read {
  members: EnumMembers;
  /** What was left out of this compilation, for the note; null when nothing. */
  note: string | null;
}

/** Per compilation (its sources map, shared by its contracts), once read or given up on: never parsed twice. */
const read = new WeakMap<CompiledSources, Read>();

/** The enums a compilation defines, once `loadEnums` has read it; none before (or when it ran out of budget). */
export function enumMembersOf(sources: CompiledSources): EnumMembers {
  return read.get(sources)?.members ?? NO_ENUMS;
}

function tooDeepNote(files: readonly string[]): string | null {
  if (files.length === 0) return null;
  const more = files.length > NAMED_FILES ? ` and ${files.length - NAMED_FILES} more` : '';
  return `${files.slice(0, NAMED_FILES).join(', ')}${more} ${files.length === 1 ? 'nests' : 'nest'} expressions deeper than ${MAX_PAREN_NESTING} parentheses`;
}

/**
 * Reads the enums of the compilations not read yet, in a worker; never rejects. Resolves with a one-line note of
 * what was left out of any of them (files nesting too deep, compilations the time budget did not reach, a failed
 * worker), or null.
 */
export async function loadEnums(compilations: Iterable<CompiledSources>, options: EnumReadOptions = {}): Promise<string | null> {
  const wanted = [...new Set(compilations)];
  const todo: Array<{ compilation: CompiledSources; sources: CompiledSource[]; chars: number }> = [];
  for (const compilation of wanted) {
    if (read.has(compilation)) continue;
    // Only files that mention an enum are worth sending (most do not): the parser never sees the rest.
    const sources = [...compilation.values()].filter((s) => s.content !== undefined && /\benum\b/.test(s.content));
    if (sources.length === 0) read.set(compilation, { members: NO_ENUMS, note: null });
    else todo.push({ compilation, sources, chars: sources.reduce((sum, s) => sum + (s.content?.length ?? 0), 0) });
  }
  // Smallest first: one huge (or hostile) compilation spends the budget after the others are read, not before.
  todo.sort((a, b) => a.chars - b.chars);
  if (todo.length > 0)
    await parse(
      todo.map((t) => t.compilation),
      todo.map((t) => t.sources),
      options.budgetMs ?? ENUM_PARSE_BUDGET_MS,
    );
  const notes = [...new Set(wanted.map((c) => read.get(c)?.note).filter((n) => n))];
  return notes.length ? `Enum names left out: ${notes.join('; ')}.` : null;
}

/** Parses `sources[i]` for `todo[i]` in a worker, recording each compilation as it finishes or is given up on. */
function parse(todo: readonly CompiledSources[], sources: CompiledSource[][], budgetMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let finished = 0;
    let timer: NodeJS.Timeout | undefined;
    let worker: Worker | undefined;
    const stop = (why: string | null) => {
      clearTimeout(timer);
      for (const c of todo) if (!read.has(c)) read.set(c, { members: NO_ENUMS, note: why });
      worker?.removeAllListeners();
      worker?.on('error', () => undefined);
      void worker?.terminate();
      resolve();
    };
    try {
      const script = workerScript('build-output/enum-worker', 'enum parser');
      worker = new Worker(script.code, {
        eval: script.eval,
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      });
    } catch (err) {
      stop(`the parser could not start (${err instanceof Error ? err.message : String(err)})`);
      return;
    }
    const started = worker;
    timer = setTimeout(() => stop(`the parser did not start within ${STARTUP_MS / 1000} s`), STARTUP_MS);
    started.on('message', (message: EnumsFromWorker) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        timer = setTimeout(
          () =>
            stop(
              `reading the sources ran out of its ${budgetMs / 1000} s budget (${todo.length - finished} of ${todo.length} compilations left unread)`,
            ),
          budgetMs,
        );
        const compilations = sources.map((files) => files.map(({ sourceName, content }) => ({ sourceName, content })));
        started.postMessage({ compilations } satisfies EnumsToWorker);
      } else if (message.type === 'compilation') {
        read.set(todo[message.index], { members: new Map(message.members), note: tooDeepNote(message.tooDeep) });
        finished++;
      } else stop(null);
    });
    started.on('error', (err: Error & { code?: string }) =>
      stop(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `the parser ran out of its ${WORKER_HEAP_MB} MB memory budget`
          : `the parser failed (${err.message})`,
      ),
    );
    started.on('exit', (code) => stop(`the parser stopped unexpectedly (exit code ${code})`));
  });
}
