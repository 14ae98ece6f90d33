// Entry point of the extension host bundle: creates the shared services once and hands them to each feature.
import type * as vscode from 'vscode';
import { closeDecoder, warmDecoder } from '../core/trace/decode-stream';
import { registerContracts, type ContractsApi } from './contracts/index';
import { registerDebugger } from './debug/index';
import { registerDocs } from './docs';
import { registerGasProfile } from './gas/index';
import { registerTraceLinks, type TraceLinksApi } from './links/uri-handler';
import { registerNetwork } from './network';
import { createServices } from './services';
import { registerSourceStepping, type SourceSteppingApi } from './source/index';
import { registerTokens } from './tokens/register';
import type { TokensTreeProvider } from './tokens/tree';
import { registerTrace, type TraceApi } from './trace/index';
import { registerVerification, type VerificationApi } from './verify/index';

export type { Services } from './services';

/** What `activate` returns: only what the in-VS-Code tests need to observe. */
export interface LedgerMirrorApi {
  tokensTree: TokensTreeProvider;
  networkStatus: vscode.StatusBarItem;
  traces: TraceApi;
  verification: VerificationApi;
  sourceStepping: SourceSteppingApi;
  traceLinks: TraceLinksApi;
  contracts: ContractsApi;
}

/** How long after activation the decoder's worker starts. */
const DECODER_START_DELAY_MS = 3000;

export function activate(context: vscode.ExtensionContext): LedgerMirrorApi {
  const services = createServices(context);
  const networkStatus = registerNetwork(context, services);
  const tokensTree = registerTokens(context, services);
  const trace = registerTrace(context, services);
  const verification = registerVerification(context, services);
  const sourceStepping = registerSourceStepping(context, services);
  trace.useVerifiedNames((t, abis) => sourceStepping.sourcing.addVerifiedNames(t, abis));
  registerDebugger(context, services, trace.panels, sourceStepping);
  registerGasProfile(context, services, trace.panels, sourceStepping.sourcing);
  const traceLinks = registerTraceLinks(context, services, trace.panels);
  registerDocs(context, services);
  const contracts = registerContracts(context, services, sourceStepping.sourcing);
  // The decoder's warm worker lives as long as the extension (core/trace/decode-stream.ts). It starts, and warms its
  // JIT, a moment after activation rather than with the first trace, so the first trace decodes as fast as the next:
  // the delay keeps it out of the window's start-up.
  const early = setTimeout(warmDecoder, DECODER_START_DELAY_MS);
  context.subscriptions.push({
    dispose: () => {
      clearTimeout(early);
      void closeDecoder();
    },
  });
  return { tokensTree, networkStatus, traces: trace.api, verification, sourceStepping: sourceStepping.api, traceLinks, contracts };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
