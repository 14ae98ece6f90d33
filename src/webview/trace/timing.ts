// Step-to-paint timing through the standard Performance API, so a real-browser test (or Developer Tools) can
// read how long each step took to reach the screen: `ledger-step-render` is the script's own work on a step
// message, `ledger-step-paint` runs from the message to the frame after painting (so it includes waiting for the
// next frame), and `ledger-key-to-paint` from the key press that caused it (including the trip through the host).

/** Keeps the user-timing buffer bounded in a long session. */
const MAX_ENTRIES = 5000;
let keyAt: number | undefined;

window.addEventListener('keydown', (e) => {
  keyAt = e.timeStamp;
}, true);

/** Call when the DOM for a step message that arrived at `start` is updated. */
export function measureStepPaint(start: number): void {
  performance.measure('ledger-step-render', { start, end: performance.now() });
  const key = keyAt;
  keyAt = undefined;
  // rAF runs just before the frame is painted; a message posted from it is handled just after.
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const end = performance.now();
      if (performance.getEntriesByType('measure').length > MAX_ENTRIES) performance.clearMeasures();
      performance.measure('ledger-step-paint', { start, end });
      if (key !== undefined) performance.measure('ledger-key-to-paint', { start: key, end });
      channel.port1.close();
    };
    channel.port2.postMessage(undefined);
  });
}
