// A picture of the whole trace beside the table: call depth as bars coloured like the table's frames, gas
// remaining as a line, ticks for SSTORE, LOG and REVERT, the visible window and the current step on top. Clicking
// or dragging jumps there. The host squeezes the trace into one bucket per pixel row; drawing is one canvas pass.
import { OVERVIEW_FLAG, type Overview } from '../../shared/trace-protocol';
import { h } from './dom';

export interface MinimapEvents {
  select(step: number): void;
  /** Asks for an overview with this many buckets (the canvas height in pixels). */
  load(buckets: number): Promise<Overview>;
}

const DEPTH_VARS = [
  '--vscode-charts-blue',
  '--vscode-charts-green',
  '--vscode-charts-purple',
  '--vscode-charts-orange',
  '--vscode-charts-yellow',
  '--vscode-charts-red',
];
const TICKS: Array<[number, string]> = [
  [OVERVIEW_FLAG.sstore, '--vscode-charts-yellow'],
  [OVERVIEW_FLAG.log, '--vscode-charts-blue'],
  [OVERVIEW_FLAG.revert, '--vscode-errorForeground'],
];

export class Minimap {
  readonly element: HTMLElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly windowMark: HTMLElement;
  private readonly currentMark: HTMLElement;
  private data: Overview | undefined;
  private requested = 0;
  private current = 0;
  private view = { first: 0, visible: 0 };
  /** Measured on resize only, so moving the marks never forces a layout. */
  private height = 0;
  private width = 0;

  constructor(
    private readonly length: number,
    private readonly events: MinimapEvents,
  ) {
    this.canvas = h('canvas', { class: 'mm-canvas' });
    this.windowMark = h('div', { class: 'mm-window' });
    this.currentMark = h('div', { class: 'mm-current' });
    this.element = h(
      'div',
      {
        class: 'minimap',
        role: 'img',
        'aria-label': 'Overview of the whole trace: call depth, gas remaining, SSTORE, LOG and REVERT. Click to jump.',
      },
      this.canvas,
      this.windowMark,
      this.currentMark,
    );
    this.element.addEventListener('pointerdown', (e) => this.onPointer(e));
    new ResizeObserver(() => this.resize()).observe(this.element);
    // Theme switches change the CSS variables the canvas was drawn with.
    new MutationObserver(() => this.draw()).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  setCurrent(step: number): void {
    this.current = step;
    this.placeMarks();
  }

  setWindow(first: number, visible: number): void {
    this.view = { first, visible };
    this.placeMarks();
  }

  private resize(): void {
    this.height = this.element.clientHeight;
    this.width = this.element.clientWidth;
    const buckets = Math.max(1, Math.round(this.height));
    if (buckets === this.requested) return;
    this.requested = buckets;
    this.events.load(buckets).then(
      (data) => {
        if (buckets !== this.requested) return;
        this.data = data;
        this.draw();
      },
      () => undefined,
    );
    this.placeMarks();
  }

  private placeMarks(): void {
    const height = this.height;
    if (this.length === 0 || height === 0) return;
    const y = (step: number) => (step / this.length) * height;
    this.currentMark.style.transform = `translateY(${Math.min(height - 2, y(this.current))}px)`;
    this.windowMark.style.transform = `translateY(${y(this.view.first)}px)`;
    this.windowMark.style.height = `${Math.max(2, y(this.view.visible))}px`;
  }

  private draw(): void {
    const data = this.data;
    if (!data) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.clearRect(0, 0, width, height);
    const style = getComputedStyle(document.body);
    const colour = (v: string) => style.getPropertyValue(v).trim() || style.getPropertyValue('--vscode-foreground').trim();
    const n = data.depth.length;
    const rowH = height / n;
    const barMax = width * 0.7;
    const tickX = width - 4;
    for (let b = 0; b < n; b++) {
      const y = b * rowH;
      ctx.fillStyle = colour(DEPTH_VARS[data.depth[b] % DEPTH_VARS.length]);
      ctx.fillRect(0, y, (barMax * (data.depth[b] + 1)) / (data.maxDepth + 1), Math.max(1, rowH));
      for (const [flag, v] of TICKS) {
        if (data.flags[b] & flag) {
          ctx.fillStyle = colour(v);
          ctx.fillRect(tickX, y, 4, Math.max(1, rowH));
        }
      }
    }
    // Gas spread over the width between its lowest and highest value, so a slow decline is still visible.
    const low = Math.min(...data.gas);
    const span = Math.max(...data.gas) - low || 1;
    ctx.strokeStyle = colour('--vscode-foreground');
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let b = 0; b < n; b++) {
      const x = 1 + ((data.gas[b] - low) / span) * (width - 6);
      const y = (b + 0.5) * rowH;
      if (b === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    ctx.stroke();
  }

  private onPointer(e: PointerEvent): void {
    e.preventDefault();
    const jump = (clientY: number) => {
      const rect = this.element.getBoundingClientRect();
      const fraction = Math.min(1, Math.max(0, (clientY - rect.top) / rect.height));
      this.events.select(Math.min(this.length - 1, Math.floor(fraction * this.length)));
    };
    jump(e.clientY);
    this.element.setPointerCapture(e.pointerId);
    // Dragging asks for at most one step per frame.
    let pendingY: number | undefined;
    const move = (m: PointerEvent) => {
      if (pendingY === undefined) {
        requestAnimationFrame(() => {
          if (pendingY !== undefined) jump(pendingY);
          pendingY = undefined;
        });
      }
      pendingY = m.clientY;
    };
    const up = () => {
      this.element.removeEventListener('pointermove', move);
      this.element.removeEventListener('pointerup', up);
    };
    this.element.addEventListener('pointermove', move);
    this.element.addEventListener('pointerup', up);
  }
}
