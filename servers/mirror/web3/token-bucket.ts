// A Bucket4j-style bucket with greedy refill: `perSecond` tokens of capacity, refilled continuously, so at
// 1 request per second a second request within the same second is refused.

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = perSecond;
    this.last = now();
  }

  tryConsume(): boolean {
    if (this.perSecond === Infinity) return true;
    const now = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
