// Child processes started by the dev/test launchers, and their teardown. Everything a launcher starts is stopped
// by PID together with its descendants (code-server forks an extension host, file watcher, agent host...),
// also on Ctrl-C, SIGTERM and errors. Nothing is ever killed by name.
import { spawn, execFileSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

type Cleanup = () => unknown;
const cleanups: Cleanup[] = [];

/** Registers teardown work (stop a server, remove a temp dir); run in reverse order by {@link runMain}. */
export function onCleanup(fn: Cleanup): void {
  cleanups.push(fn);
}

/** Starts a process and registers the stopping of its whole tree. */
export function startProcess(command: string, args: readonly string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, options);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  onCleanup(() => stopTree(pid));
  return child;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PIDs of all descendants of `root`, read from one `ps` snapshot. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const line of execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' }).split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (pid && ppid !== undefined) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  }
  const found: number[] = [];
  const walk = (pid: number): void => {
    for (const child of children.get(pid) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(root);
  return found;
}

/**
 * SIGTERM to the root (code-server stops its own children on TERM), then SIGKILL to whatever of the tree,
 * collected before the TERM, is still there after the grace period.
 */
export async function stopTree(root: number, graceMs = 5000): Promise<void> {
  if (!isAlive(root)) return;
  const tree = [root, ...descendants(root)];
  process.kill(root, 'SIGTERM');
  for (const deadline = Date.now() + graceMs; isAlive(root) && Date.now() < deadline;) await sleep(100);
  await sleep(300);
  for (const pid of tree) {
    if (isAlive(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // exited between the check and the kill
      }
    }
  }
}

async function cleanupAll(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) {
    try {
      await fn();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
}

let stopping = false;

/** True once Ctrl-C or SIGTERM asked the launcher to stop: long sequences should not start anything new. */
export function isStopping(): boolean {
  return stopping;
}

/**
 * Runs a launcher: its exit code is main's result; an error prints one line (no stack trace); registered cleanups
 * run on every exit path, including Ctrl-C and SIGTERM.
 */
export function runMain(name: string, main: () => Promise<number>): void {
  const stop = (signal: NodeJS.Signals, code: number): void => {
    if (stopping) return;
    stopping = true;
    console.error(`${name}: ${signal}, stopping what was started`);
    void cleanupAll().finally(() => process.exit(code));
  };
  process.on('SIGINT', () => stop('SIGINT', 130));
  process.on('SIGTERM', () => stop('SIGTERM', 143));
  main()
    .catch((error: unknown) => {
      // After a stop request, errors are the stop's own doing (a closed browser, a killed server).
      if (!stopping) console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    })
    .then(async (code) => {
      await cleanupAll();
      if (!stopping) process.exit(code);
    })
    .catch((error: unknown) => {
      console.error(`${name}: cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    });
}
