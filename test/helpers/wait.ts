// Waiting on a condition instead of for a time: a test goes on as soon as what it waits for has happened, and a
// bound on the number of checks (not a duration it asserts) ends a wait for something that never comes.
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves once `condition()` holds, checking every 10 ms; rejects, naming `what`, after `checks` checks. */
export async function waitUntil(what: string, condition: () => boolean, checks = 3000): Promise<void> {
  for (let i = 0; i < checks; i++) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error(`gave up waiting for ${what}`);
}
