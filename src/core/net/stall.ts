// The stall rule: a response body must keep moving, and a server trickling a byte now and then cannot keep a request
// alive forever (an idle timeout alone is reset by every byte).
//
// Progress is counted in body bytes as they arrive on the socket, before decompression (so a small, highly
// compressed body is not held to a rate it cannot show). Time is cut into consecutive windows of `windowMs`,
// starting when the response headers arrived. Each full window must bring at least
// `minBytesPerSecond × windowMs / 1000` bytes; one that brings fewer ends the request as a timeout. A body that
// finishes inside a window is never judged on that window.

export interface StallRule {
  /** Length of one window; the CLI's --timeout and the extension's timeout setting set it. */
  windowMs: number;
  /** The slowest average rate accepted over one window. */
  minBytesPerSecond: number;
}

export interface Stall {
  /** Bytes received in the window that fell short. */
  bytes: number;
  /** The window's length in ms. */
  ms: number;
  /** Bytes the window needed. */
  needed: number;
}

export class ProgressMeter {
  private windowStart: number;
  private inWindow = 0;
  total = 0;

  constructor(
    private readonly rule: StallRule,
    startedAt: number,
  ) {
    this.windowStart = startedAt;
  }

  record(bytes: number): void {
    this.inWindow += bytes;
    this.total += bytes;
  }

  /** At `now`: the stall, if a full window ended short of the minimum; otherwise starts a new window when one ended. */
  check(now: number): Stall | undefined {
    const elapsed = now - this.windowStart;
    if (elapsed < this.rule.windowMs) return undefined;
    const needed = Math.ceil((this.rule.minBytesPerSecond * elapsed) / 1000);
    if (this.inWindow < needed) return { bytes: this.inWindow, ms: elapsed, needed };
    this.windowStart = now;
    this.inWindow = 0;
    return undefined;
  }
}
