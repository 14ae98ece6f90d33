// The webview's end of the protocol: typed requests with ids, events, and the pushed step. The VS Code API object
// stays inside this module (acquireVsCodeApi may be called once and must not leak to other scripts).
import type {
  HostMessage,
  StepView,
  TraceNamesInit,
  TracePanelState,
  TraceRequestKind,
  TraceRequests,
  WebviewMessage,
} from '../../shared/trace-protocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

export type GasHostMessage = Extract<HostMessage, { type: 'gas' }>;

type Pending = { resolve: (v: never) => void; reject: (e: Error) => void };

export interface Host {
  request<K extends TraceRequestKind>(kind: K, params: TraceRequests[K]['params']): Promise<TraceRequests[K]['result']>;
  send(message: Exclude<WebviewMessage, { type: 'request' }>): void;
  /** Each pushed step, with the last of the webview's moves the host had handled then. */
  onStep(listener: (view: StepView, seq: number | undefined) => void): void;
  onGas(listener: (message: GasHostMessage) => void): void;
  /** The trace's names after the host named it again. */
  onNames(listener: (names: TraceNamesInit) => void): void;
  savedState(): unknown;
  saveState(state: TracePanelState): void;
}

export function connectHost(): Host {
  const api = acquireVsCodeApi();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stepListener: (view: StepView, seq: number | undefined) => void = () => {};
  let gasListener: (message: GasHostMessage) => void = () => {};
  let namesListener: (names: TraceNamesInit) => void = () => {};

  window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
    const msg = event.data;
    if (msg.type === 'step') {
      stepListener(msg.view, Number.isInteger(msg.seq) ? msg.seq : undefined);
    } else if (msg.type === 'gas') {
      gasListener(msg);
    } else if (msg.type === 'names') {
      namesListener(msg.names);
    } else if (msg.type === 'response') {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.result as never);
      else p.reject(new Error(msg.error));
    }
  });

  return {
    request(kind, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: never) => void, reject });
        api.postMessage({ type: 'request', id, kind, params } as WebviewMessage);
      });
    },
    send: (message) => api.postMessage(message),
    onStep: (listener) => {
      stepListener = listener;
    },
    onGas: (listener) => {
      gasListener = listener;
    },
    onNames: (listener) => {
      namesListener = listener;
    },
    savedState: () => api.getState(),
    saveState: (state) => api.setState(state),
  };
}
