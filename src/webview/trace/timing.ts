// Step-to-paint timing through the standard Performance API, so a real-browser test (or Developer Tools) can
// read how long each step took to reach the screen: `ledger-step-render` is the script's own work on a step
// message, `ledger-step-paint` runs from the message to the frame after painting (so it includes waiting for the
// next frame), and for a stepper key `ledger-key-to-paint` runs from the key press to that frame and
// `ledger-key-script` is the script work the key cost (its handler when the webview answered it, else the drawing
// of the host's push). Both carry `detail: { key, local }`: the key's kind and whether the webview answered it.
// `ledger-key-input-delay` is the part of key-to-paint before the key's handler ran at all.

/** Keeps the user-timing buffer bounded in a long session. */
const MAX_ENTRIES = 5000;

interface PendingKey {
  key: string;
  /** The key event's time stamp. */
  at: number;
  /** When its handler started. */
  handled: number;
  /** The handler is still running: a paint now is the webview's own answer. */
  inHandler: boolean;
}
let pending: PendingKey | undefined;

/** Call when a stepper key's handler starts; `key` names its kind (`stepForward`, `pageDown`, `stepOver`, …). */
export function keyPressed(key: string, e: KeyboardEvent): void {
  pending = { key, at: e.timeStamp, handled: performance.now(), inHandler: true };
  // How long the key waited for the webview's thread (a busy or starved renderer), apart from the stepper's work.
  performance.measure('ledger-key-input-delay', { start: e.timeStamp, end: pending.handled, detail: { key } });
}

/** Call when that handler returns; a later paint is the host's answer. */
export function keyHandled(): void {
  if (pending) pending.inHandler = false;
}

/** Call when the DOM for a step that arrived (or was answered here) at `start` is updated. */
export function measureStepPaint(start: number): void {
  const end = performance.now();
  performance.measure('ledger-step-render', { start, end });
  const key = pending;
  pending = undefined;
  const detail = key && { key: key.key, local: key.inHandler };
  if (key) performance.measure('ledger-key-script', { start: key.inHandler ? key.handled : start, end, detail });
  // rAF runs just before the frame is painted; a message posted from it is handled just after.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const painted = performance.now();
      if (performance.getEntriesByType('measure').length > MAX_ENTRIES) performance.clearMeasures();
      performance.measure('ledger-step-paint', { start, end: painted });
      if (key) performance.measure('ledger-key-to-paint', { start: key.at, end: painted, detail });
      channel.port1.close();
    };
    channel.port2.postMessage(undefined);
  });
}
